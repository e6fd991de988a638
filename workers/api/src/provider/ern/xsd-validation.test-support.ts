/**
 * For tests only (Node): validates ERN messages against the committed DDEX ERN 4.3 XSD with
 * xmllint-wasm. The release-notification XSD imports the Allowed Value Sets as
 * "allowed-value-sets.xsd" beside it; that file is preloaded under the same name, so both schema
 * files are used exactly as DDEX publishes them and nothing is fetched.
 */
import { readFileSync } from "node:fs";
import { validateXML, type XMLValidationResult } from "xmllint-wasm";

const ern43 = new URL("../../../../../schema/ddex/ern43/", import.meta.url);
const releaseNotificationXsd = readFileSync(new URL("release-notification.xsd", ern43), "utf8");
const allowedValueSetsXsd = readFileSync(new URL("allowed-value-sets.xsd", ern43), "utf8");

/** Validates each message (one document per entry); the result lists every error with its file and line. */
export function validateErn(messages: { fileName: string; xml: string }[]): Promise<XMLValidationResult> {
  return validateXML({
    xml: messages.map(({ fileName, xml }) => ({ fileName, contents: xml })),
    schema: { fileName: "release-notification.xsd", contents: releaseNotificationXsd },
    preload: { fileName: "allowed-value-sets.xsd", contents: allowedValueSetsXsd },
    // The Allowed Value Sets schema is large: more than xmllint's default 32 MiB to compile it.
    maxMemoryPages: 4096,
  });
}
