/**
 * Which country a number is texted in: North America's shared +1 split by area code (the US, Canada,
 * the Caribbean nations; toll-free, premium-rate and N11 codes are nobody's phone), other countries by
 * calling code; and the SMS_COUNTRIES setting, US when unset or unreadable.
 */
import { describe, expect, test } from "vitest";
import { servedSmsCountries, smsCountryOf, textsReach } from "./sms-countries";

describe("smsCountryOf", () => {
  test.each([
    ["+12125550100", "US"],
    ["+17875550100", "US"], // Puerto Rico
    ["+15550104321", "US"],
    ["+14165550100", "CA"],
    ["+16045550100", "CA"],
    ["+18765550100", null], // Jamaica
    ["+12425550100", null], // the Bahamas
    ["+18095550100", null], // the Dominican Republic
    ["+19005550100", null], // premium rate
    ["+18005550100", null], // toll-free
    ["+18885550100", null],
    ["+14115550100", null], // N11
    ["+1212555010", null], // too short for +1
    ["+525555550100", "MX"],
    ["+442079460958", "GB"],
    ["+34915550100", "ES"],
    ["+8613800138000", null],
  ])("%s is %s", (e164, country) => {
    expect(smsCountryOf(e164)).toBe(country);
  });
});

describe("SMS_COUNTRIES", () => {
  test("the US by default, and when the setting names nothing JPlay knows", () => {
    expect(servedSmsCountries({})).toEqual(["US"]);
    expect(servedSmsCountries({ SMS_COUNTRIES: "" })).toEqual(["US"]);
    expect(servedSmsCountries({ SMS_COUNTRIES: "XX, narnia" })).toEqual(["US"]);
  });

  test("named countries, in any case and spacing, once each", () => {
    expect(servedSmsCountries({ SMS_COUNTRIES: " us, ca ,US,gb" })).toEqual(["US", "CA", "GB"]);
    expect(textsReach({ SMS_COUNTRIES: "CA" }, "+12125550100")).toBe(false);
    expect(textsReach({ SMS_COUNTRIES: "CA" }, "+14165550100")).toBe(true);
    expect(textsReach({}, "+442079460958")).toBe(false);
  });
});
