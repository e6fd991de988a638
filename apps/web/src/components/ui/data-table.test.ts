// The shared table frame as screen readers meet it: a caption, headings scoped to their columns
// (a styled heading keeps its classes), and the caller's rows in the body.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTable, tableCell } from "./data-table";

describe("DataTable", () => {
  it("announces its caption and scopes every heading to its column", () => {
    const row = createElement("tr", null, createElement("td", { className: tableCell("compact") }, "$12.00"));
    const html = renderToStaticMarkup(
      createElement(DataTable, {
        caption: "Payment attempts",
        headings: ["When", { label: "Amount", className: "text-right" }],
        size: "compact",
        children: row,
      }),
    );
    expect(html).toContain('<caption class="sr-only">Payment attempts</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(2);
    expect(html).toContain(`<th scope="col" class="${tableCell("compact")} text-right">Amount</th>`);
    expect(html).toMatch(/<tbody class="divide-y divide-line"><tr><td class="px-2 py-1.5">\$12.00<\/td><\/tr><\/tbody>/);
  });
});
