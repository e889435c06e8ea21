/**
 * Stands in for every page of a release built with `DRILL_FAULT=render`: it throws when rendered.
 * Ops use such a build to rehearse a bad release and its rollback (docs/operations.md).
 */
export default function FaultyReleasePage(): never {
  throw new Error('This release was built with DRILL_FAULT=render: every page throws on render.');
}
