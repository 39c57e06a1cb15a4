// Surveys and their responses (spec 3 §3). A survey's questions and sections live in versions: a response names the
// version it answered, so later edits never change what an earlier respondent was asked (and 100 000 responses do not
// repeat the questions 100 000 times). Summaries read counters kept as responses arrive and leave, and the latest
// texts from an index, so they stay fast however many responses there are.
import { type Kysely, sql } from "kysely";
import { protectTenantTable } from "../platform/db/rls.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table surveys (
    tenant_id uuid not null references tenants(id),
    id uuid not null,
    label text not null,
    description text not null default '',
    survey_type text not null,
    open_at timestamptz,
    close_at timestamptz,
    locked boolean not null default true,
    locked_message text not null default '',
    submission_message text not null default '',
    -- The current version of sections and questions (survey_versions).
    version integer not null default 1,
    question_count integer not null default 0,
    response_count integer not null default 0,
    created_by uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (tenant_id, id)
  )`.execute(db);
  await sql`create index surveys_created on surveys (tenant_id, created_at desc, id)`.execute(db);

  await sql`create table survey_versions (
    tenant_id uuid not null,
    survey_id uuid not null,
    version integer not null,
    sections jsonb not null,
    questions jsonb not null,
    created_at timestamptz not null default now(),
    primary key (tenant_id, survey_id, version),
    foreign key (tenant_id, survey_id) references surveys(tenant_id, id) on delete cascade
  )`.execute(db);

  await sql`create table survey_responses (
    tenant_id uuid not null,
    survey_id uuid not null,
    id uuid not null,
    version integer not null,
    email text not null default '',
    first_name text not null default '',
    last_name text not null default '',
    organization text not null default '',
    answers jsonb not null,
    -- What the response list's search matches: e-mail and names, folded (lower case, no accents).
    search_text text generated always as (repox_search_fold(email || E'\n' || first_name || E'\n' || last_name)) stored,
    -- A personal (e-mailed) link answers once; a browser retry sends the same key and gets the first response.
    personal_token_id text,
    idempotency_key text,
    created_at timestamptz not null default now(),
    primary key (tenant_id, survey_id, id),
    foreign key (tenant_id, survey_id, version) references survey_versions(tenant_id, survey_id, version) on delete cascade
  )`.execute(db);
  await sql`create index survey_responses_created on survey_responses (tenant_id, survey_id, created_at, id)`.execute(db);
  await sql`create unique index survey_responses_personal on survey_responses (tenant_id, survey_id, personal_token_id)
    where personal_token_id is not null`.execute(db);
  await sql`create unique index survey_responses_idempotency on survey_responses (tenant_id, survey_id, idempotency_key)
    where idempotency_key is not null`.execute(db);

  // Per question and answer key (an option, a grid cell, a scale value, 'answered', 'shown', 'other'), how many
  // responses gave it; the key starts with the question's type so a type change starts counting afresh.
  await sql`create table survey_answer_counts (
    tenant_id uuid not null,
    survey_id uuid not null,
    question_id text not null,
    answer_key text not null,
    count integer not null default 0,
    primary key (tenant_id, survey_id, question_id, answer_key),
    foreign key (tenant_id, survey_id) references surveys(tenant_id, id) on delete cascade
  )`.execute(db);

  // Free texts (short answer, paragraph, e-mail, date, time, and the 'Other' of choice questions), newest first per
  // question for the summary's lists and 'View more'.
  await sql`create table survey_text_answers (
    tenant_id uuid not null,
    survey_id uuid not null,
    response_id uuid not null,
    question_id text not null,
    is_other boolean not null default false,
    value text not null,
    created_at timestamptz not null,
    primary key (tenant_id, survey_id, response_id, question_id, is_other),
    foreign key (tenant_id, survey_id, response_id) references survey_responses(tenant_id, survey_id, id) on delete cascade
  )`.execute(db);
  await sql`create index survey_text_answers_latest on survey_text_answers
    (tenant_id, survey_id, question_id, is_other, created_at desc, response_id desc)`.execute(db);

  for (const table of ["surveys", "survey_versions", "survey_responses", "survey_answer_counts", "survey_text_answers"]) {
    await protectTenantTable(db, table);
  }
}
