/**
 * The operator's term lists (admin: Compliance tab). Every change is a new version, kept whole in
 * `term_list_versions` with who made it, and raises the list's `version` only from the version the
 * operator read (two operators at once: the second is told to reload). A change is recorded in the
 * audit log in the same batch and queues a re-screen of what it can affect (compliance/rescreen.ts);
 * a facility's profile names the lists that apply to it (docs/decisions/067-term-lists-screening-audit.md).
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import type { NewTermListRequest, Term, TermList, TermListChangeRequest, TermListVersionsResponse } from "@jplay/schema/compliance";
import { facilities, facilityTermLists, termLists, termListVersions } from "@jplay/schema/tables";
import { auditEntry } from "../platform/audit-log";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { AppError, notFound } from "../platform/errors";
import { unknownFacility } from "../catalogue/index";

/** The current version of every list with its terms. */
export async function currentTermLists(ctx: Ctx): Promise<TermList[]> {
  const rows = await ctx.db
    .select({
      id: termLists.id,
      name: termLists.name,
      version: termLists.version,
      terms: termListVersions.terms,
      changedBy: termListVersions.changedBy,
      changedAt: termListVersions.changedAt,
    })
    .from(termLists)
    .innerJoin(termListVersions, sql`${termListVersions.listId} = ${termLists.id} and ${termListVersions.version} = ${termLists.version}`)
    .orderBy(asc(termLists.name));
  const applied = await ctx.db.select().from(facilityTermLists);
  return rows.map((row) => ({
    ...row,
    changedAt: new Date(row.changedAt).toISOString(),
    facilityIds: applied.filter((link) => link.listId === row.id).map((link) => link.facilityId),
  }));
}

const nameTaken = () => new AppError(409, "name_taken", "Another term list already has this name.");

const describeTerms = (terms: Term[]) => terms.map((t) => `${t.term} (${t.language})`).join(", ");

export async function createTermList(ctx: Ctx, list: NewTermListRequest, actor: string): Promise<TermList> {
  const id = crypto.randomUUID();
  const now = ctx.now();
  const [existing] = await ctx.db.select({ id: termLists.id }).from(termLists).where(eq(termLists.name, list.name)).limit(1);
  if (existing) throw nameTaken();
  await runBatch(ctx.db, [
    sql`insert into term_lists (id, name, version, created_at) values (${id}, ${list.name}, 1, ${now})`,
    sql`insert into term_list_versions (list_id, version, name, terms, changed_by, changed_at) values (${id}, 1, ${list.name}, ${JSON.stringify(list.terms)}, ${actor}, ${now})`,
    auditEntry({
      at: now,
      actor,
      action: "list_created",
      listId: id,
      detail: `Created term list "${list.name}" (version 1): ${describeTerms(list.terms) || "no terms"}`,
    }),
  ]);
  if (list.terms.length > 0) await ctx.jobs.send({ type: "compliance.rescreen", listId: id, version: 1, after: null });
  return { id, name: list.name, version: 1, terms: list.terms, changedBy: actor, changedAt: new Date(now).toISOString(), facilityIds: [] };
}

const termKey = (term: Term) => `${term.language}:${term.term.toLowerCase()}`;

/** The terms one version added and removed against another. */
export function termDifference(before: Term[], after: Term[]): { added: Term[]; removed: Term[] } {
  const had = new Set(before.map(termKey));
  const has = new Set(after.map(termKey));
  return { added: after.filter((t) => !had.has(termKey(t))), removed: before.filter((t) => !has.has(termKey(t))) };
}

/** A new version of the list, from the version the operator read; 409 when someone changed it since. */
export async function changeTermList(ctx: Ctx, listId: string, change: TermListChangeRequest, actor: string): Promise<TermList> {
  const now = ctx.now();
  const [current] = await ctx.db
    .select({ version: termLists.version, name: termLists.name, terms: termListVersions.terms })
    .from(termLists)
    .innerJoin(termListVersions, sql`${termListVersions.listId} = ${termLists.id} and ${termListVersions.version} = ${termLists.version}`)
    .where(eq(termLists.id, listId))
    .limit(1);
  if (!current) throw notFound("No term list with this id.");
  if (current.version !== change.version) throw staleVersion(current.version);
  if (change.name !== current.name) {
    const [other] = await ctx.db.select({ id: termLists.id }).from(termLists).where(eq(termLists.name, change.name)).limit(1);
    if (other) throw nameTaken();
  }
  const version = current.version + 1;
  const { added, removed } = termDifference(current.terms, change.terms);
  const parts = [
    added.length > 0 ? `added ${describeTerms(added)}` : "",
    removed.length > 0 ? `removed ${describeTerms(removed)}` : "",
    change.name !== current.name ? `renamed from "${current.name}"` : "",
  ].filter((part) => part !== "");
  const [raised] = await runBatch(ctx.db, [
    sql`update term_lists set version = ${version}, name = ${change.name} where id = ${listId} and version = ${current.version}`,
    sql`insert into term_list_versions (list_id, version, name, terms, changed_by, changed_at)
        select ${listId}, ${version}, ${change.name}, ${JSON.stringify(change.terms)}, ${actor}, ${now} where (select version from term_lists where id = ${listId}) = ${version}
        and not exists (select 1 from term_list_versions where list_id = ${listId} and version = ${version})`,
    auditEntry(
      {
        at: now,
        actor,
        action: "list_changed",
        listId,
        detail: `Term list "${change.name}" version ${current.version} → ${version}: ${parts.join("; ") || "no change to its terms"}`,
      },
      sql`exists (select 1 from term_list_versions where list_id = ${listId} and version = ${version} and changed_at = ${now} and changed_by = ${actor})`,
    ),
  ]);
  if (raised.meta.changes !== 1) throw staleVersion(version);
  if (added.length > 0 || removed.length > 0) await ctx.jobs.send({ type: "compliance.rescreen", listId, version, after: null });
  return { id: listId, name: change.name, version, terms: change.terms, changedBy: actor, changedAt: new Date(now).toISOString(), facilityIds: [] };
}

const staleVersion = (version: number) =>
  new AppError(
    409,
    "stale_version",
    "This list was changed by someone else since you opened it (it is now version {version}): reload it and make your change again.",
    {},
    { version },
  );

export async function listTermListVersions(ctx: Ctx, listId: string): Promise<TermListVersionsResponse> {
  const rows = await ctx.db.select().from(termListVersions).where(eq(termListVersions.listId, listId)).orderBy(desc(termListVersions.version));
  if (rows.length === 0) throw notFound("No term list with this id.");
  return {
    versions: rows.map((row) => ({
      version: row.version,
      name: row.name,
      terms: row.terms,
      changedBy: row.changedBy,
      changedAt: new Date(row.changedAt).toISOString(),
    })),
  };
}

/** Sets which lists a facility's profile applies; the change is audited and the facility's songs are looked at again. */
export async function setFacilityTermLists(ctx: Ctx, facilityId: string, listIds: string[], actor: string): Promise<string[]> {
  const [facility] = await ctx.db.select({ name: facilities.name }).from(facilities).where(eq(facilities.id, facilityId)).limit(1);
  if (!facility) throw unknownFacility();
  const wanted = [...new Set(listIds)];
  const known = await ctx.db.select({ id: termLists.id, name: termLists.name }).from(termLists);
  const names = new Map(known.map((list) => [list.id, list.name]));
  const unknown = wanted.find((id) => !names.has(id));
  if (unknown !== undefined) throw notFound("No term list with this id.");
  const before = (await ctx.db.select({ listId: facilityTermLists.listId }).from(facilityTermLists).where(eq(facilityTermLists.facilityId, facilityId))).map(
    (row) => row.listId,
  );
  const now = ctx.now();
  const listNames = (ids: string[]) => ids.map((id) => `"${names.get(id) ?? id}"`).join(", ") || "none";
  await runBatch(ctx.db, [
    sql`delete from facility_term_lists where facility_id = ${facilityId}`,
    ...wanted.map((listId) => sql`insert into facility_term_lists (facility_id, list_id) values (${facilityId}, ${listId})`),
    auditEntry({
      at: now,
      actor,
      action: "facility_lists_changed",
      facilityId,
      detail: `Term lists of "${facility.name}": ${listNames(before)} → ${listNames(wanted)}`,
    }),
  ]);
  await ctx.jobs.send({ type: "compliance.facility", facilityId });
  return wanted;
}
