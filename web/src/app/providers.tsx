// Everything the app needs around the router: theme, date pickers in the UI language, server-state cache, modals and toasts.
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import "./i18n/dayjs-locales.ts";
import { queryClient } from "./query-client.ts";
import { themeIn } from "./theme.ts";

export function Providers({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const theme = useMemo(() => themeIn(t("common.closeDialog")), [t]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DatesProvider settings={{ locale: i18n.language }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider labels={{ confirm: t("common.delete"), cancel: t("common.cancel") }}>
            <Notifications position="bottom-right" />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
