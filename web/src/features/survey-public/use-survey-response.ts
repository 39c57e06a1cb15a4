// The respondent's side of one survey (spec 3 §4 Public response flow: form → submitting → submitted) with the
// issue's 'No answer lost': answers restored from the browser's draft and saved on every change, the submission
// kept with its idempotency key until the server confirmed it, retried when the connection returns, and resumed
// after a reload.
import type { PublicSurvey } from "@repox/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { currentTenant } from "../../api/tenant.ts";
import { showError } from "../../components/toast.ts";
import { type Answers, initialAnswers, initialRespondent, type Respondent, restoredAnswers, toSubmission } from "./answer-state.ts";
import { sendSubmission } from "./api.ts";
import { deliver, newIdempotencyKey, retryDelay } from "./delivery.ts";
import { browserDraftStorage, type Draft, draftKey, type PendingSubmission } from "./draft-store.ts";

export type ResponsePhase = "restoring" | "form" | "submitting" | "retrying" | "submitted";

const storage = browserDraftStorage();

export function useSurveyResponse(survey: PublicSurvey, token: string | undefined) {
  const key = draftKey(currentTenant(), survey.uuid, token);
  const [phase, setPhase] = useState<ResponsePhase>("restoring");
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(survey));
  const [respondent, setRespondent] = useState<Respondent>(() => initialRespondent(survey));
  const [sectionId, setSectionId] = useState<string | null>(survey.sections[0]?.id ?? null);
  const [isRestored, setRestored] = useState(false);
  const wake = useRef<() => void>(() => {});
  const aborter = useRef<AbortController | null>(null);
  const latest = useRef({ answers, respondent, sectionId });
  latest.current = { answers, respondent, sectionId };

  const save = useCallback(
    (pending: PendingSubmission | null) => {
      const draft: Draft = { ...latest.current, pending, savedAt: Date.now() };
      return storage.write(key, draft).catch(() => {});
    },
    [key],
  );

  const send = useCallback(
    async (pending: PendingSubmission) => {
      aborter.current?.abort();
      const controller = new AbortController();
      aborter.current = controller;
      setPhase("submitting");
      const outcome = await deliver(pending, {
        send: (sent) => sendSubmission(survey.uuid, token, sent),
        onRetrying: () => setPhase("retrying"),
        waitToRetry: (attempt) =>
          new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              window.removeEventListener("online", done);
              controller.signal.removeEventListener("abort", done);
              wake.current = () => {};
              resolve();
            };
            const timer = setTimeout(done, retryDelay(attempt));
            window.addEventListener("online", done);
            controller.signal.addEventListener("abort", done);
            wake.current = done;
          }),
        signal: controller.signal,
      }).catch(() => null);
      if (!outcome || controller.signal.aborted) return;
      if (outcome.kind === "delivered") {
        await storage.remove(key).catch(() => {});
        setPhase("submitted");
        return;
      }
      // Refused: nothing was stored, so the next Submit is a new submission with a new key.
      await save(null);
      setPhase("form");
      showError(outcome.message);
    },
    [survey.uuid, token, key, save],
  );

  // Restore the draft of an earlier visit; a submission still on its way is resent with its own key.
  useEffect(() => {
    let isCurrent = true;
    storage
      .read(key)
      .catch(() => undefined)
      .then((draft) => {
        if (!isCurrent) return;
        if (draft) {
          setAnswers(restoredAnswers(survey, draft.answers));
          setRespondent({ ...draft.respondent, ...(survey.email ? { email: survey.email } : {}) });
          if (draft.sectionId && survey.sections.some((section) => section.id === draft.sectionId)) setSectionId(draft.sectionId);
          setRestored(true);
        }
        if (draft?.pending) void send(draft.pending);
        else setPhase("form");
      });
    return () => {
      isCurrent = false;
      aborter.current?.abort();
    };
  }, [key, survey, send]);

  const changeAnswer = (questionId: string, value: unknown) => {
    latest.current = { ...latest.current, answers: { ...latest.current.answers, [questionId]: value } };
    setAnswers((current) => ({ ...current, [questionId]: value }));
    void save(null);
  };
  const changeRespondent = (field: keyof Respondent, value: string) => {
    latest.current = { ...latest.current, respondent: { ...latest.current.respondent, [field]: value } };
    setRespondent((current) => ({ ...current, [field]: value }));
    void save(null);
  };
  const goToSection = (id: string) => {
    latest.current = { ...latest.current, sectionId: id };
    setSectionId(id);
    void save(null);
  };

  const submit = async () => {
    const pending: PendingSubmission = {
      key: newIdempotencyKey(),
      submission: toSubmission(survey, latest.current.answers, latest.current.respondent, token),
    };
    // The pending submission is in the draft before the first attempt leaves: a reload mid-way resends it.
    await save(pending);
    await send(pending);
  };

  return {
    phase,
    answers,
    respondent,
    sectionId,
    isRestored,
    changeAnswer,
    changeRespondent,
    goToSection,
    submit,
    retryNow: () => wake.current(),
  };
}
