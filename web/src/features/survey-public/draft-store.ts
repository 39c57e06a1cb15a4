// The respondent's unsent answers in the browser (issue 12 'No answer lost'): one record per tenant, survey and link
// token in IndexedDB (idb), holding the answers, the section on screen and, once Submit was pressed, the submission
// with its idempotency key until the server confirmed it. A browser without IndexedDB keeps them in memory only.
import type { ResponseSubmissionInput } from "@repox/contracts";
import { type IDBPDatabase, openDB } from "idb";
import type { Answers, Respondent } from "./answer-state.ts";

/** A submission on its way: resent with the same key until the server answers, so it is stored once. */
export type PendingSubmission = { key: string; submission: ResponseSubmissionInput };

export type Draft = {
  answers: Answers;
  respondent: Respondent;
  sectionId: string | null;
  pending: PendingSubmission | null;
  savedAt: number;
};

export type DraftStorage = {
  read(key: string): Promise<Draft | undefined>;
  write(key: string, draft: Draft): Promise<void>;
  remove(key: string): Promise<void>;
};

const DATABASE = "repox-survey-drafts";
const STORE = "drafts";

/** One survey's draft per tenant and link: two personal links of one survey in one browser never mix. */
export function draftKey(tenant: string, surveyUuid: string, token: string | undefined): string {
  return [tenant, surveyUuid, token ?? ""].join("\n");
}

export function memoryDraftStorage(): DraftStorage {
  const drafts = new Map<string, Draft>();
  return {
    read: async (key) => drafts.get(key),
    write: async (key, draft) => {
      drafts.set(key, structuredClone(draft));
    },
    remove: async (key) => {
      drafts.delete(key);
    },
  };
}

/** IndexedDB through idb; when the browser refuses it (private mode of some browsers), memory instead. */
export function browserDraftStorage(): DraftStorage {
  let database: Promise<IDBPDatabase | null> | undefined;
  const fallback = memoryDraftStorage();
  // indexedDB.open throws at once (not through the promise) where a third-party frame may not use storage.
  const openOrNull = async () => {
    try {
      return await openDB(DATABASE, 1, {
        upgrade(db) {
          db.createObjectStore(STORE);
        },
      });
    } catch {
      return null;
    }
  };
  const open = () => {
    database ??= openOrNull();
    return database;
  };
  return {
    async read(key) {
      const db = await open();
      return db ? ((await db.get(STORE, key)) as Draft | undefined) : fallback.read(key);
    },
    async write(key, draft) {
      const db = await open();
      if (db) await db.put(STORE, draft, key);
      else await fallback.write(key, draft);
    },
    async remove(key) {
      const db = await open();
      if (db) await db.delete(STORE, key);
      else await fallback.remove(key);
    },
  };
}
