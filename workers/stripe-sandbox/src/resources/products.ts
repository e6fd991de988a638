/**
 * /v1/products and /v1/prices: what a subscription sells — a product and its recurring monthly price,
 * found again by `lookup_key`. https://docs.stripe.com/api/products, https://docs.stripe.com/api/prices
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../http/env";
import type { Price, Product } from "../billing/billing";
import { endpoint } from "../http/context";
import type { SandboxCall } from "../http/sandbox-call";
import { invalidRequest, parameterMissing } from "../http/errors";
import { applyMetadata } from "../http/form";
import { ID_PREFIX, newId } from "../store/ids";
import { listObject } from "../http/lists";
import { readPage } from "../store/store";

function createProduct(call: SandboxCall, name: string, metadata: Record<string, string>): Product {
  const product: Product = {
    id: newId(ID_PREFIX.product),
    object: "product",
    active: true,
    created: call.now,
    description: null,
    livemode: false,
    metadata,
    name,
  };
  call.store.put(product);
  call.emit("product.created", product);
  return product;
}

const INTERVALS = ["day", "week", "month", "year"] as const;

// What each endpoint accepts, checked against the SDK's parameter types for the pinned API version.
const PRODUCT_CREATE_PARAMS = ["name", "description", "metadata", "active", "expand"] as const satisfies readonly (keyof Stripe.ProductCreateParams)[];
const PRODUCT_RETRIEVE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.ProductRetrieveParams)[];
const PRICE_CREATE_PARAMS = [
  "currency",
  "unit_amount",
  "recurring",
  "product",
  "product_data",
  "lookup_key",
  "transfer_lookup_key",
  "nickname",
  "metadata",
  "expand",
] as const satisfies readonly (keyof Stripe.PriceCreateParams)[];
const RECURRING_PARAMS = ["interval", "interval_count"] as const satisfies readonly (keyof Stripe.PriceCreateParams.Recurring)[];
const PRODUCT_DATA_PARAMS = ["name", "metadata"] as const satisfies readonly (keyof Stripe.PriceCreateParams.ProductData)[];
const PRICE_LIST_PARAMS = [
  "lookup_keys",
  "active",
  "product",
  "type",
  "limit",
  "starting_after",
  "ending_before",
  "expand",
] as const satisfies readonly (keyof Stripe.PriceListParams)[];
const PRICE_RETRIEVE_PARAMS = ["expand"] as const satisfies readonly (keyof Stripe.PriceRetrieveParams)[];

export const productRoutes = new Hono<AppEnv>()
  .post(
    "/v1/products",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(PRODUCT_CREATE_PARAMS);
      const product = createProduct(call, p.requiredString("name"), applyMetadata({}, p.metadata()));
      const description = p.string("description");
      if (description) call.store.put({ ...product, description });
      return { ...product, description: description || null };
    }),
  )
  .get(
    "/v1/products/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(PRODUCT_RETRIEVE_PARAMS);
      return call.store.require<Product>("product", call.pathParam("id"), "product");
    }),
  )
  .post(
    "/v1/prices",
    endpoint("secret", async (call) => {
      const p = call.params.allowOnly(PRICE_CREATE_PARAMS);
      const currency = p.requiredString("currency").toLowerCase();
      const unitAmount = p.integer("unit_amount");
      if (unitAmount === undefined) throw parameterMissing("unit_amount");
      if (unitAmount < 0) throw invalidRequest("unit_amount must be at least 0.", { param: "unit_amount" });
      const recurringParams = p.object("recurring")?.allowOnly(RECURRING_PARAMS);
      const interval = recurringParams?.oneOf("interval", INTERVALS);
      if (recurringParams && !interval) throw parameterMissing("recurring[interval]");
      const productId = p.string("product");
      const productData = p.object("product_data")?.allowOnly(PRODUCT_DATA_PARAMS);
      if (productId && productData) throw invalidRequest("You may only specify one of these parameters: product, product_data.", { param: "product_data" });
      const product = productId
        ? await call.store.require<Product>("product", productId, "product", "product")
        : productData
          ? createProduct(call, productData.requiredString("name"), applyMetadata({}, productData.metadata()))
          : null;
      if (!product) throw parameterMissing("product");
      const lookupKey = p.string("lookup_key") || null;
      if (lookupKey) {
        const taken = await call.store.list<Price>("price", { lookup_key: lookupKey }, { limit: 1 });
        if (taken.data[0] && !p.boolean("transfer_lookup_key")) {
          throw invalidRequest(`A price (\`${taken.data[0].id}\`) already uses that lookup key.`, { param: "lookup_key" });
        }
        for (const old of taken.data) call.store.put({ ...old, lookup_key: null });
      }
      const price: Price = {
        id: newId(ID_PREFIX.price),
        object: "price",
        active: true,
        billing_scheme: "per_unit",
        created: call.now,
        currency,
        livemode: false,
        lookup_key: lookupKey,
        metadata: applyMetadata({}, p.metadata()),
        nickname: p.string("nickname") || null,
        product: product.id,
        recurring: interval ? { interval, interval_count: recurringParams?.integer("interval_count") ?? 1, usage_type: "licensed" } : null,
        type: interval ? "recurring" : "one_time",
        unit_amount: unitAmount,
      };
      call.store.put(price);
      call.emit("price.created", price);
      return price;
    }),
  )
  .get(
    "/v1/prices",
    endpoint("secret", async (call) => {
      call.params.allowOnly(PRICE_LIST_PARAMS);
      const filters: Record<string, string | number | readonly string[]> = {};
      const lookupKeys = call.params.strings("lookup_keys");
      if (lookupKeys) filters.lookup_key = lookupKeys;
      const product = call.params.string("product");
      if (product) filters.product = product;
      const type = call.params.oneOf("type", ["one_time", "recurring"] as const);
      if (type) filters.type = type;
      const page = await call.store.list<Price>("price", filters, readPage(call.params));
      const active = call.params.boolean("active");
      return listObject("/v1/prices", { ...page, data: active === undefined ? page.data : page.data.filter((price) => price.active === active) });
    }),
  )
  .get(
    "/v1/prices/:id",
    endpoint("secret", async (call) => {
      call.params.allowOnly(PRICE_RETRIEVE_PARAMS);
      return call.store.require<Price>("price", call.pathParam("id"), "price");
    }),
  );
