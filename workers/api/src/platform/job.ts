/**
 * The messages the JOBS queue carries. Each module declares its own beside the handlers that consume
 * them (`<module>/jobs/<module>-jobs.ts`) by adding entries to `JobMessages` (TypeScript declaration
 * merging), so this kernel names no module's job; worker/job-list.ts registers every module's runners
 * in one list, and the compiler refuses a declared message that has no runner
 * (docs/architecture.md, "Jobs"). Every consumer may see a message twice and acts once.
 */

/** A message's fields by its `type`; empty here, filled by the modules' declarations. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobMessages {}

export type JobType = keyof JobMessages;

/** One queue message: its `type` and that type's fields. */
export type Job = { [T in JobType]: { type: T } & JobMessages[T] }[JobType];

export type JobOf<T extends JobType> = Extract<Job, { type: T }>;

export type JobQueue = Queue<Job>;
