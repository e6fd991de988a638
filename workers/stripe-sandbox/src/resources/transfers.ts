/**
 * /v1/transfers: money from the platform's balance to a connected account (how artists are paid).
 * Refused like Stripe when the destination cannot receive transfers yet or the platform's available
 * balance is short (balance.ts: pending funds do not count); a successful transfer emits
 * `transfer.created`; its amount joins the destination's own balance (connected-balance.ts), from
 * which a reversal (transfer-reversals.ts) takes it back. Idempotency keys are honoured by the sandbox middleware.
 * https://docs.stripe.com/api/transfers
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import { debitTransfer } from "../money/balance";
import { type Account, canReceiveTransfers } from "../connect/connect-accounts";
import { stageConnectedChange } from "../connect/connected-balance";
import { endpoint } from "../http/context";
import { invalidRequest, parameterInvalid } from "../http/errors";
import { applyMetadata } from "../http/form";
import { ID_PREFIX, newId } from "../store/ids";
import { listObject } from "../http/lists";
import { readPage } from "../store/store";
import { settleDueTopups } from "../money/topups";

export type Transfer = Stripe.Transfer;

// What each endpoint accepts, checked against the SDK's parameter types for the pinned API version.
const CREATE_PARAMS = [
  "amount",
  "currency",
  "destination",
  "transfer_group",
  "metadata",
  "description",
  "expand",
] as const satisfies readonly (keyof Stripe.TransferCreateParams)[];
const LIST_PARAMS = [
  "destination",
  "transfer_group",
  "limit",
  "starting_after",
  "ending_before",
  "expand",
  "created",
] as const satisfies readonly (keyof Stripe.TransferListParams)[];
const RETRIEVE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.TransferRetrieveParams)[];

/** Stripe's smallest transfer in USD. */
const MIN_TRANSFER_CENTS = 1;

export const transferRoutes = new Hono<AppEnv>()
  .post(
    "/v1/transfers",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(CREATE_PARAMS);
      const amount = p.integer("amount");
      if (amount === undefined) throw invalidRequest("Missing required param: amount.", { param: "amount", code: "parameter_missing" });
      if (amount < MIN_TRANSFER_CENTS) throw parameterInvalid("amount", "Invalid positive integer", "parameter_invalid_integer");
      const currency = p.requiredString("currency").toLowerCase();
      if (currency !== "usd") throw parameterInvalid("currency", "The Stripe sandbox transfers usd only.");
      const destinationId = p.requiredString("destination");
      const destination = await call.store.get<Account>(destinationId, "account");
      if (!destination) throw invalidRequest(`No such destination: '${destinationId}'`, { param: "destination", code: "resource_missing" });
      if (!canReceiveTransfers(destination)) {
        throw invalidRequest(
          "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
          { param: "destination", code: "insufficient_capabilities_for_transfer" },
        );
      }
      await settleDueTopups(call);
      const id = newId(ID_PREFIX.transfer);
      const description = p.string("description") ?? null;
      const debit = await debitTransfer(call, { id, amount, currency, description });
      const transfer = {
        id,
        object: "transfer",
        amount,
        amount_reversed: 0,
        balance_transaction: debit.id,
        created: call.now,
        currency,
        description,
        destination: destination.id,
        destination_payment: newId(ID_PREFIX.destination_payment),
        livemode: false,
        metadata: applyMetadata({}, p.metadata()),
        reversals: { object: "list", data: [], has_more: false, total_count: 0, url: `/v1/transfers/${id}/reversals` },
        reversed: false,
        source_transaction: null,
        source_type: "card",
        transfer_group: p.string("transfer_group") || null,
      } as Transfer;
      call.store.put(transfer);
      stageConnectedChange(call, destination.id, amount);
      call.emit("transfer.created", transfer);
      return transfer;
    }),
  )
  .get(
    "/v1/transfers",
    endpoint("secret", async (call) => {
      call.params.allowOnly(LIST_PARAMS);
      const filters: Record<string, string> = {};
      for (const field of ["destination", "transfer_group"]) {
        const value = call.params.string(field);
        if (value) filters[field] = value;
      }
      return listObject("/v1/transfers", await call.store.list<Transfer>("transfer", filters, readPage(call.params)));
    }),
  )
  .get(
    "/v1/transfers/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(RETRIEVE_PARAMS);
      return call.store.require<Transfer>("transfer", call.pathParam("id"), "transfer");
    }),
  );
