/**
 * /v1/transfers/:id/reversals: the platform takes a transfer back, whole or in part
 * (https://docs.stripe.com/api/transfer_reversals). `amount` left out reverses what is left. The
 * amount leaves the connected account's balance and returns to the platform's available balance;
 * Stripe refuses a reversal the destination's balance cannot cover (connected-balance.ts). The
 * transfer shows `amount_reversed`, `reversed` once nothing is left, and its `reversals`; each
 * reversal emits `transfer.reversed` (a platform event, partial reversals included).
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import { creditTransferReversal } from "../money/balance";
import { stageConnectedChange } from "../connect/connected-balance";
import { endpoint } from "../http/context";
import { invalidRequest, parameterInvalid } from "../http/errors";
import { applyMetadata } from "../http/form";
import { ID_PREFIX, newId } from "../store/ids";
import { listObject } from "../http/lists";
import { readPage } from "../store/store";
import type { Transfer } from "./transfers";

type Reversal = Stripe.TransferReversal;

const CREATE_PARAMS = [
  "amount",
  "description",
  "metadata",
  "refund_application_fee",
  "expand",
] as const satisfies readonly (keyof Stripe.TransferCreateReversalParams)[];
const LIST_PARAMS = ["limit", "starting_after", "ending_before", "expand"] as const satisfies readonly (keyof Stripe.TransferListReversalsParams)[];

/** How many reversals a transfer object embeds (Stripe's default page). */
const EMBEDDED_REVERSALS = 10;

export const transferReversalRoutes = new Hono<AppEnv>()
  .post(
    "/v1/transfers/:id/reversals",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(CREATE_PARAMS);
      const transferId = call.pathParam("id");
      await call.store.lock(transferId);
      const transfer = await call.store.require<Transfer>("transfer", transferId, "transfer");
      const left = transfer.amount - transfer.amount_reversed;
      const amount = p.integer("amount") ?? left;
      if (left === 0) throw invalidRequest(`Transfer ${transfer.id} is already fully reversed.`, { code: "transfer_already_reversed" });
      if (amount < 1) throw parameterInvalid("amount", "Invalid positive integer", "parameter_invalid_integer");
      if (amount > left) throw parameterInvalid("amount", `Amount (${amount}) is greater than the amount left to reverse on this transfer (${left}).`);
      const destination = transfer.destination as string;
      const id = newId(ID_PREFIX.transfer_reversal);
      const credit = creditTransferReversal(call, { id, amount, currency: transfer.currency });
      stageConnectedChange(call, destination, -amount);
      const reversal: Reversal = {
        id,
        object: "transfer_reversal",
        amount,
        balance_transaction: credit.id,
        created: call.now,
        currency: transfer.currency,
        destination_payment_refund: null,
        metadata: applyMetadata({}, p.metadata()),
        source_refund: null,
        transfer: transfer.id,
      };
      call.store.put(reversal);
      const reversals = [reversal, ...transfer.reversals.data];
      const amountReversed = transfer.amount_reversed + amount;
      const updated: Transfer = {
        ...transfer,
        amount_reversed: amountReversed,
        reversed: amountReversed === transfer.amount,
        reversals: {
          ...transfer.reversals,
          data: reversals.slice(0, EMBEDDED_REVERSALS),
          has_more: reversals.length > EMBEDDED_REVERSALS,
          total_count: reversals.length,
        } as Transfer["reversals"],
      };
      call.store.put(updated);
      call.emit("transfer.reversed", updated);
      return reversal;
    }),
  )
  .get(
    "/v1/transfers/:id/reversals",
    endpoint("secret", async (call) => {
      call.params.allowOnly(LIST_PARAMS);
      const transfer = await call.store.require<Transfer>("transfer", call.pathParam("id"), "transfer");
      return listObject(
        `/v1/transfers/${transfer.id}/reversals`,
        await call.store.list<Reversal>("transfer_reversal", { transfer: transfer.id }, readPage(call.params)),
      );
    }),
  );
