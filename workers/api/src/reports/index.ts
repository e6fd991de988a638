/**
 * The reports module's public surface (docs/decisions/101-sales-reports.md): sales reports for
 * artists and operators, and the artist's yearly exports.
 */
export { loadSalesReport, foldSmallFacilities } from "./load-sales-report";
export { readSalesQuery } from "./sales-query";
export { distrokidFileName } from "./distrokid-csv";
export { dsrFileName } from "./dsr-flat-file";
export { distrokidCsvStream, dsrStream } from "./stream-exports";
