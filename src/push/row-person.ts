// One sheet row as person input, shared by the sidebar and the push; the rule itself lives in
// src/sheet/identity.ts so refresh and export read a row the same way.
export { fingerprint, nameKey, personFromRow, type RowPerson } from '../sheet/identity';
