// Permissions: one checkbox per code, in the sections Store, Surveys and Stories, each shown only when it has codes.
import { Checkbox, Code, Stack, Text, Title } from "@mantine/core";
import type { Permission, PermissionSection } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { QueryStatus } from "../../components/query-status.tsx";
import { usePermissionCatalogue } from "./api.ts";
import { toggleCode } from "./group-values.ts";

type Props = { codes: string[]; onChange: (codes: string[]) => void };

export function GroupPermissionsTab({ codes, onChange }: Props) {
  const { t } = useTranslation();
  const catalogue = usePermissionCatalogue();
  if (!catalogue.data) return <QueryStatus isLoading={catalogue.isLoading} error={catalogue.error} />;

  const sections: [PermissionSection, Permission[]][] = [
    ["Store", catalogue.data.storePermissions],
    ["Surveys", catalogue.data.surveyPermissions],
    ["Stories", catalogue.data.storiesPermissions],
  ];
  return (
    <Stack>
      {sections
        .filter(([, permissions]) => permissions.length > 0)
        .map(([section, permissions]) => (
          <Stack key={section} gap="xs">
            <Title order={4}>{t(`groups.sections.${section}`)}</Title>
            {permissions.map((permission) => (
              <Checkbox
                key={permission.code}
                checked={codes.includes(permission.code)}
                onChange={(event) => onChange(toggleCode(codes, permission.code, event.currentTarget.checked))}
                label={
                  <>
                    <Code>{permission.code}</Code>
                    <Text span size="sm" ml="xs">
                      {permission.name}
                    </Text>
                  </>
                }
              />
            ))}
          </Stack>
        ))}
    </Stack>
  );
}
