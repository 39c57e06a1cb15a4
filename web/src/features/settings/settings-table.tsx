// The settings as a table with Label and Value columns; a click on a row opens its dialog (spec 2 "General settings").
import { Anchor, Table } from "@mantine/core";
import type { SystemSetting } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { displayValue } from "./setting-display.ts";

type Props = { settings: SystemSetting[]; onOpen: (settingKey: string) => void };

export function SettingsTable({ settings, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("settings.label")}</Table.Th>
            <Table.Th>{t("settings.value")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {settings.map((setting) => (
            <Table.Tr key={setting.settingKey} onClick={() => onOpen(setting.settingKey)} style={{ cursor: "pointer" }}>
              <Table.Td>
                {/* The button makes each row reachable by keyboard; the row click is for the mouse. */}
                <Anchor
                  component="button"
                  type="button"
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(setting.settingKey);
                  }}
                >
                  {setting.label}
                </Anchor>
              </Table.Td>
              <Table.Td>{displayValue(setting, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
