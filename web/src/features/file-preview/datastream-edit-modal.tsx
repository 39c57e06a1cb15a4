// Edit a file's label and its type's property values (spec 1 §5): PUT /datastreams/{uuid}, 'Successfully updated'.
import { Alert, Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { CONTENT_LIMITS, type Datastream, type DatastreamSummary } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { useFirstFieldFocus } from "../../components/first-field-focus.ts";
import { QueryStatus } from "../../components/query-status.tsx";
import { showSuccess } from "../../components/toast.ts";
import { REQUIRED_FIELDS_MESSAGE } from "../container-form/container-form.tsx";
import { useDatastreamType } from "../upload/api.ts";
import { useDatastreamProperties } from "../upload/datastream-properties.tsx";
import { useDatastream, useUpdateDatastream } from "./api.ts";

type Props = { datastream: DatastreamSummary; containerUuid: string; onClose: () => void };

export function DatastreamEditModal({ datastream, onClose }: Props) {
  const { t } = useTranslation();
  const full = useDatastream(datastream.uuid);
  return (
    <Modal opened onClose={onClose} title={t("filePreview.editTitle")} size="lg">
      {full.data ? <EditForm datastream={full.data} onClose={onClose} /> : <QueryStatus isLoading={full.isLoading} error={full.error} />}
    </Modal>
  );
}

function EditForm({ datastream, onClose }: { datastream: Datastream; onClose: () => void }) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(datastream.label);
  const type = useDatastreamType(datastream.type.code);
  const properties = useDatastreamProperties(type.data ?? null, datastream.properties, true);
  const update = useUpdateDatastream();
  const isBlank = label.trim() === "";

  const submit = async () => {
    if (isBlank || !type.data) return;
    const entries = await properties.collect();
    if (entries === null) return;
    update.mutate(
      { uuid: datastream.uuid, body: { label: label.trim(), properties: entries } },
      {
        onSuccess: () => {
          showSuccess(t("toast.updated"));
          onClose();
        },
      },
    );
  };

  const focusRef = useFirstFieldFocus();
  return (
    <form
      ref={focusRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        {update.isError && (
          <Alert color="red" role="alert">
            {errorText(update.error)}
          </Alert>
        )}
        {properties.isNoticeOn && properties.hasEmptyMandatory && (
          <Alert color="red" role="alert">
            {REQUIRED_FIELDS_MESSAGE}
          </Alert>
        )}
        <TextInput
          label={t("filePreview.label")}
          required
          maxLength={CONTENT_LIMITS.labelMaxLength}
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
          error={isBlank ? t("common.required") : undefined}
          data-autofocus
        />
        <TextInput label={t("filePreview.type")} value={datastream.type.name} disabled />
        {!type.data ? <QueryStatus isLoading={type.isLoading} error={type.error} /> : properties.view}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={isBlank || !type.data}>
            {t("common.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
