import type { KyselyPlugin } from "kysely";

/** The first table a query reads or writes ("?" when it names none): `select boards`, `insert jobs`. */
function queryLabel(node: unknown): string {
  const query = node as {
    kind: string;
    from?: { froms?: { table?: { identifier?: { name?: string } } }[] };
    table?: { table?: { identifier?: { name?: string } } };
    into?: { table?: { identifier?: { name?: string } } };
  };
  const table =
    query.from?.froms?.[0]?.table?.identifier?.name ??
    query.table?.table?.identifier?.name ??
    query.into?.table?.identifier?.name ??
    "?";
  return `${query.kind.replace("QueryNode", "").toLowerCase()} ${table}`;
}

/**
 * A Kysely plugin that tells `heard` of every query a database handle sends, as "select boards":
 * `db.withPlugin(countQueries(...))` gives a handle to pass the code under test (tests, the bench).
 */
export function countQueries(heard: (label: string) => void): KyselyPlugin {
  return {
    transformQuery(args) {
      heard(queryLabel(args.node));
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
}
