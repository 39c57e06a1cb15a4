// Upload datastreams into a container (spec 1 §2, §4 Upload, §5): drop or pick several files, choose one of the types
// the container accepts, fill the type's properties; each file is sent on its own with its progress, can be cancelled
// (the row resets after CANCEL_RESET_MS) and shows the server's message when refused (413: size or quota).
import { Alert, Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import "@mantine/dropzone/styles.css";
import { IconUpload } from "@tabler/icons-react";
import { useEffect, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useInvalidation } from "../../api/entity-mutations.ts";
import { errorText } from "../../api/errors.ts";
import { queryKeys } from "../../api/query-keys.ts";
import { useFirstFieldFocus } from "../../components/first-field-focus.ts";
import { QueryStatus } from "../../components/query-status.tsx";
import { showSuccess } from "../../components/toast.ts";
import { REQUIRED_FIELDS_MESSAGE } from "../container-form/container-form.tsx";
import type { ContainerTarget } from "../containers/extensions.ts";
import { uploadDatastream, useAcceptedDatastreamTypes, useDatastreamType } from "./api.ts";
import { useDatastreamProperties } from "./datastream-properties.tsx";
import { UploadRow } from "./upload-row.tsx";
import { CANCEL_RESET_MS, pendingRows, uploadReducer } from "./upload-state.ts";

type Props = { container: ContainerTarget; onClose: () => void };

export function UploadModal({ container, onClose }: Props) {
  const { t } = useTranslation();
  const [rows, dispatch] = useReducer(uploadReducer, []);
  const [typeCode, setTypeCode] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const types = useAcceptedDatastreamTypes(container.typeCode);
  const type = useDatastreamType(typeCode);
  const properties = useDatastreamProperties(type.data ?? null, undefined, false);
  // The folder lists and the storage usage both sit under the content key.
  const invalidate = useInvalidation([queryKeys.containers]);
  const controllers = useRef(new Map<string, AbortController>());
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const active = controllers.current;
    const pending = timers.current;
    return () => {
      for (const controller of active.values()) controller.abort();
      for (const timer of pending) window.clearTimeout(timer);
    };
  }, []);

  const toSend = pendingRows(rows);
  const canSave =
    typeCode !== null && type.data !== undefined && toSend.length > 0 && toSend.every((row) => row.label.trim() !== "") && !isSending;

  const cancel = (id: string) => controllers.current.get(id)?.abort();

  const save = async () => {
    if (!canSave || !typeCode) return;
    const entries = await properties.collect();
    if (entries === null) return;
    setSending(true);
    let created = 0;
    for (const row of toSend) {
      const controller = new AbortController();
      controllers.current.set(row.id, controller);
      dispatch({ type: "start", id: row.id });
      try {
        await uploadDatastream({
          containerUuid: container.uuid,
          file: row.file,
          data: { type: typeCode, label: row.label.trim(), properties: entries },
          signal: controller.signal,
          onProgress: (sent, total) => dispatch({ type: "progress", id: row.id, sent, total }),
        });
        dispatch({ type: "done", id: row.id });
        created += 1;
      } catch (error) {
        if (controller.signal.aborted) {
          dispatch({ type: "cancelled", id: row.id });
          timers.current.push(window.setTimeout(() => dispatch({ type: "reset", id: row.id }), CANCEL_RESET_MS));
        } else {
          dispatch({ type: "failed", id: row.id, error: errorText(error) });
        }
      } finally {
        controllers.current.delete(row.id);
      }
    }
    setSending(false);
    if (created > 0) {
      showSuccess(t("toast.created"));
      void invalidate();
    }
    if (created === toSend.length) onClose();
  };

  const typeData = (types.data ?? []).map((entry) => ({ value: entry.code, label: entry.name }));

  const focusRef = useFirstFieldFocus();
  return (
    <Modal opened onClose={onClose} title={t("upload.title", { label: container.label })} size="lg">
      <form
        ref={focusRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack>
          {properties.isNoticeOn && properties.hasEmptyMandatory && (
            <Alert color="red" role="alert">
              {REQUIRED_FIELDS_MESSAGE}
            </Alert>
          )}
          <Dropzone
            onDrop={(files) => dispatch({ type: "add", files, makeId: () => crypto.randomUUID() })}
            disabled={isSending}
            multiple
            data-autofocus
          >
            <Group justify="center" gap="md" mih={100} style={{ pointerEvents: "none" }}>
              <IconUpload size={36} stroke={1.5} />
              <div>
                <Text size="lg">{t("upload.dropTitle")}</Text>
                <Text size="sm" c="dimmed">
                  {t("upload.dropHint")}
                </Text>
              </div>
            </Group>
          </Dropzone>
          {rows.map((row) => (
            <UploadRow
              key={row.id}
              row={row}
              disabled={isSending}
              onLabel={(label) => dispatch({ type: "label", id: row.id, label })}
              onRemove={() => dispatch({ type: "remove", id: row.id })}
              onCancel={() => cancel(row.id)}
            />
          ))}
          <Select
            label={t("upload.type")}
            required
            placeholder={t("upload.chooseType")}
            data={typeData}
            value={typeCode}
            onChange={setTypeCode}
            searchable
            allowDeselect={false}
            disabled={types.isLoading || isSending}
            error={types.error ? errorText(types.error) : types.data && typeData.length === 0 ? t("upload.noTypes") : undefined}
          />
          {typeCode !== null && !type.data && <QueryStatus isLoading={type.isLoading} error={type.error} />}
          {type.data && properties.view}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={isSending} disabled={!canSave}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
