/**
 * The parts every ERN 4.3 message shares: the root element's namespace and version attributes, and
 * the MessageHeader naming who sends (JPlay, by its DDEX Party ID) to whom (the tablet provider).
 */
import { element, textElement, type XmlChild, type XmlElement } from "./xml";

export const ERN_NAMESPACE = "http://ddex.net/xml/ern/43";
/** The Allowed Value Sets version the 4.3 schema ships with (allowed-value-sets.xsd, "AvsVersionId"). */
export const AVS_VERSION_ID = "3";
/** Where the schema lives: the root's xsi:schemaLocation, as DDEX publishes it. */
const SCHEMA_LOCATION = `${ERN_NAMESPACE} http://ddex.net/xml/ern/43/release-notification.xsd`;

export interface MessagingParty {
  /** A DDEX Party ID (DPID): `PADPIDA` then letters and digits. */
  partyId: string;
  name?: string;
}

export interface MessageContext {
  sender: MessagingParty;
  recipient: MessagingParty;
  /** Unique per message; the same change always gets the same id. */
  messageId: string;
  /** Groups the messages about one release (its song id). */
  threadId: string;
  /** xs:dateTime. */
  createdAt: string;
  /** TestMessage outside production, so a recipient never takes a development message as live. */
  control: "LiveMessage" | "TestMessage";
}

const messagingParty = (name: string, party: MessagingParty) =>
  element(name, {}, textElement("PartyId", party.partyId), party.name ? element("PartyName", {}, textElement("FullName", party.name)) : null);

function messageHeader(context: MessageContext): XmlElement {
  return element(
    "MessageHeader",
    {},
    textElement("MessageThreadId", context.threadId),
    textElement("MessageId", context.messageId),
    messagingParty("MessageSender", context.sender),
    messagingParty("MessageRecipient", context.recipient),
    textElement("MessageCreatedDateTime", context.createdAt),
    textElement("MessageControlType", context.control),
  );
}

/**
 * A NewReleaseMessage root around its lists. ERN 4 has no MessageSchemaVersionId attribute: the
 * namespace names the version; AvsVersionId and LanguageAndScriptCode (of the message's text) are required.
 */
export function newReleaseMessage(
  context: MessageContext,
  lists: { partyList: XmlElement; resourceList: XmlElement; releaseList: XmlElement; dealList: XmlChild },
): XmlElement {
  return element(
    "ern:NewReleaseMessage",
    {
      "xmlns:ern": ERN_NAMESPACE,
      "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
      "xsi:schemaLocation": SCHEMA_LOCATION,
      AvsVersionId: AVS_VERSION_ID,
      LanguageAndScriptCode: "en",
    },
    messageHeader(context),
    lists.partyList,
    lists.resourceList,
    lists.releaseList,
    lists.dealList,
  );
}
