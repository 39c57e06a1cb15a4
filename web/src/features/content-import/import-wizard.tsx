// Import containers from a spreadsheet (spec 1 §2 "import files", §4 Import wizard, §8): Upload one file, Preview &
// Submit (entering it sends the file to the server's preview, nothing saved), and an Errors/Warnings step when the
// preview found either. Submit creates every container in one go, or none, into the container or the top level.
import { Alert, Button, Group, Modal, Stepper } from "@mantine/core";
import { ROOT } from "@repox/contracts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { DialogFooter } from "../../components/dialog-footer.tsx";
import { showSuccess } from "../../components/toast.ts";
import type { ContainerTarget } from "../containers/extensions.ts";
import { percentOf } from "../upload/upload-state.ts";
import { usePreviewImport, useSubmitImport } from "./api.ts";
import { importFileProblem } from "./import-file-check.ts";
import { IssuesStep } from "./issues-step.tsx";
import { PreviewStep } from "./preview-step.tsx";
import { type UploadProblem, UploadStep } from "./upload-step.tsx";
import { canGoNext, canSubmit, issueKinds, type WizardStep, wizardSteps } from "./wizard-steps.ts";

type Props = { container: ContainerTarget | null; onClose: () => void };

export function ImportWizard({ container, onClose }: Props) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [active, setActive] = useState(0);
  const [percent, setPercent] = useState(0);
  const sending = useRef<AbortController | null>(null);
  const preview = usePreviewImport();
  const submit = useSubmitImport();
  const to = container?.uuid ?? ROOT;

  useEffect(() => () => sending.current?.abort(), []);

  const result = preview.data ?? null;
  const steps = wizardSteps(result);
  const step: WizardStep = steps[active] ?? "upload";
  const kinds = issueKinds(result);

  const runPreview = (chosen: File) => {
    sending.current?.abort();
    const controller = new AbortController();
    sending.current = controller;
    setPercent(0);
    preview.mutate({ to, file: chosen, signal: controller.signal, onProgress: (sent, total) => setPercent(percentOf(sent, total)) });
  };

  const goTo = (index: number) => {
    const target = steps[index];
    if (!target) return;
    if (target === "upload" && preview.isPending) {
      sending.current?.abort();
      preview.reset();
    }
    if (target === "preview" && file && !result && !preview.isPending) runPreview(file);
    setActive(index);
  };

  const choose = (files: File[]) => {
    const [chosen] = files;
    if (!chosen) return;
    const found = files.length > 1 ? "severalFiles" : importFileProblem(chosen);
    setProblem(found);
    setFile(found ? null : chosen);
    preview.reset();
    submit.reset();
  };

  const remove = () => {
    setFile(null);
    setProblem(null);
    preview.reset();
    submit.reset();
  };

  const send = () => {
    if (!result || !canSubmit(result)) return;
    submit.mutate(
      { to, containers: result.containers },
      {
        onSuccess: () => {
          showSuccess(t("toast.created"));
          onClose();
        },
      },
    );
  };

  const title = container ? t("contentImport.titleInto", { label: container.label }) : t("contentImport.titleTop");
  const issuesColor = kinds === "warnings" ? "yellow" : "red";

  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      <Stepper active={active} onStepClick={goTo} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={t("contentImport.steps.upload")}>
          <UploadStep file={file} problem={problem} onChoose={choose} onRemove={remove} />
        </Stepper.Step>
        <Stepper.Step label={t("contentImport.steps.preview")} loading={preview.isPending}>
          <PreviewStep
            preview={preview.data}
            isPending={preview.isPending}
            percent={percent}
            error={preview.error}
            onRetry={() => file && runPreview(file)}
          />
        </Stepper.Step>
        {kinds && result && (
          <Stepper.Step label={t(`contentImport.steps.${kinds}`)} color={issuesColor}>
            <IssuesStep preview={result} />
          </Stepper.Step>
        )}
      </Stepper>
      {submit.error && (
        <Alert color="red" role="alert" mt="md">
          {errorText(submit.error)}
        </Alert>
      )}
      <DialogFooter spread>
        <Button variant="default" onClick={onClose}>
          {t("common.cancel")}
        </Button>
        <Group gap="sm">
          {active > 0 && (
            <Button variant="default" onClick={() => goTo(active - 1)} disabled={submit.isPending}>
              {t("contentImport.back")}
            </Button>
          )}
          {active < steps.length - 1 && (
            <Button
              variant={step === "upload" ? "filled" : "default"}
              onClick={() => goTo(active + 1)}
              disabled={!canGoNext(step, steps, file !== null)}
            >
              {t("contentImport.next")}
            </Button>
          )}
          {step !== "upload" && (
            <Button onClick={send} disabled={!canSubmit(result)} loading={submit.isPending}>
              {t("contentImport.submit")}
            </Button>
          )}
        </Group>
      </DialogFooter>
    </Modal>
  );
}
