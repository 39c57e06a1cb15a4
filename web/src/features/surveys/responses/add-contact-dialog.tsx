// 'Add contact' from the response list (spec 3 §2 Contacts: "a contacts dialog can also create a contact from the
// response list"): the respondent's details prefilled; Save needs a first name, a last name and a well-formed e-mail
// (spec 3 §5). The server's message is shown on failure (spec 3 §8).
import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { isEmail, isNotEmpty, useForm } from "@mantine/form";
import type { ResponseListItem } from "@repox/contracts";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/client.ts";
import { useInvalidation } from "../../../api/entity-mutations.ts";
import { errorText } from "../../../api/errors.ts";
import { showError, showSuccess } from "../../../components/toast.ts";

type ContactBody = { firstName: string; lastName: string; email: string; organization: string };

function useCreateContact() {
  const invalidate = useInvalidation([["contacts"]]);
  return useMutation({ mutationFn: (body: ContactBody) => api.post("/addons/srv/contacts", body), onSuccess: invalidate });
}

export function AddContactDialog({ respondent, onClose }: { respondent: ResponseListItem; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateContact();
  const form = useForm<ContactBody>({
    mode: "controlled",
    initialValues: {
      firstName: respondent.firstName,
      lastName: respondent.lastName,
      email: respondent.email,
      organization: respondent.organization,
    },
    validate: {
      firstName: isNotEmpty(t("common.required")),
      lastName: isNotEmpty(t("common.required")),
      email: isEmail(t("common.invalidEmail")),
    },
    validateInputOnChange: true,
  });
  const values = form.getValues();
  const canSave = values.firstName.trim() !== "" && values.lastName.trim() !== "" && !form.validateField("email").hasError;
  const submit = form.onSubmit((body) =>
    create.mutate(
      { ...body, firstName: body.firstName.trim(), lastName: body.lastName.trim(), email: body.email.trim() },
      {
        onSuccess: () => {
          showSuccess(t("surveyResponses.contact.added"));
          onClose();
        },
        onError: (error) => showError(errorText(error)),
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={t("surveyResponses.contact.title")}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t("surveyResponses.contact.firstName")} withAsterisk data-autofocus {...form.getInputProps("firstName")} />
          <TextInput label={t("surveyResponses.contact.lastName")} withAsterisk {...form.getInputProps("lastName")} />
          <TextInput label={t("surveyResponses.contact.email")} withAsterisk type="email" {...form.getInputProps("email")} />
          <TextInput label={t("surveyResponses.contact.organization")} {...form.getInputProps("organization")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={!canSave} loading={create.isPending}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
