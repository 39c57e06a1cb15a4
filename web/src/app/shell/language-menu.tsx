// Picks the UI language; shown in the top bar and on the public pages. Each language is named in the UI
// language, with its own name beside it for someone who cannot read the current one.
import { ActionIcon, Menu, Text } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { changeLanguage } from "../i18n/index.ts";
import { LANGUAGES } from "../i18n/languages.ts";

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("topBar.language")}>
          <IconLanguage size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => {
          const ownName = i18n.getFixedT(language)(`languages.${language}`);
          const name = t(`languages.${language}`);
          return (
            <Menu.Item
              key={language}
              onClick={() => changeLanguage(language)}
              fw={i18n.language === language ? 700 : undefined}
              rightSection={
                ownName === name ? undefined : (
                  <Text size="xs" c="dimmed" lang={language}>
                    {ownName}
                  </Text>
                )
              }
            >
              {name}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
