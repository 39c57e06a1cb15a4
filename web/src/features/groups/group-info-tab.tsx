// Group Info: name and description.
import { Stack, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { LIMITS } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { CountedTextarea } from "../../components/counted-textarea.tsx";
import type { GroupFormValues } from "./group-values.ts";

export function GroupInfoTab({ form }: { form: UseFormReturnType<GroupFormValues> }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <TextInput label={t("groups.groupName")} withAsterisk maxLength={LIMITS.groupNameMaxLength} {...form.getInputProps("name")} />
      <CountedTextarea
        label={t("groups.description")}
        minRows={3}
        maxLength={LIMITS.descriptionMaxLength}
        {...form.getInputProps("description")}
      />
    </Stack>
  );
}
