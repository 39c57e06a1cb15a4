// The printable sheet of a container: its label as the heading, then the chosen sections in a fixed order — basic
// information, properties by group, child containers, files, and where the container sits (paths and parents).
import { List, Table, Text, Title } from "@mantine/core";
import type { Container } from "@repox/contracts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { countsText } from "../containers/counts.ts";
import { personName } from "../containers/people.ts";
import { formatPrintDate } from "./print-dates.ts";
import { PrintFiles } from "./print-files.tsx";
import classes from "./print-preview.module.css";
import { PrintProperties } from "./print-properties.tsx";
import type { PrintSection } from "./print-sections.ts";
import { ShownOf } from "./shown-of.tsx";

function SheetSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={classes.section} aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

function BasicInfo({ container }: { container: Container }) {
  const { t } = useTranslation();
  const deleted = t("containers.details.deletedUser");
  const rows: [string, string][] = [
    [t("containers.columns.label"), container.label],
    [t("containers.details.type"), container.type.name],
    [t("containers.details.createdBy"), personName(container.createdBy, deleted)],
    [t("containers.details.createdAt"), formatPrintDate(container.createdAt)],
    [t("containers.details.modifiedBy"), personName(container.modifiedBy, deleted)],
    [t("containers.details.modifiedAt"), formatPrintDate(container.modifiedAt)],
    [t("containers.details.status"), t(container.published ? "containers.publish.published" : "containers.publish.private")],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder fz="sm">
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name} className={classes.row}>
            <Table.Th w="30%">{name}</Table.Th>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Children({ container }: { container: Container }) {
  const { t } = useTranslation();
  if (container.children.length === 0) return <Text size="sm">{t("printPreview.noChildren")}</Text>;
  return (
    <>
      <Table withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("containers.columns.label")}</Table.Th>
            <Table.Th>{t("containers.columns.type")}</Table.Th>
            <Table.Th>{t("containers.columns.contents")}</Table.Th>
            <Table.Th>{t("containers.details.createdAt")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {container.children.map((child) => (
            <Table.Tr key={child.uuid} className={classes.row}>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{child.label}</Table.Td>
              <Table.Td>{child.type.name}</Table.Td>
              <Table.Td>{countsText(t, child.childCount, child.datastreamCount)}</Table.Td>
              <Table.Td>{formatPrintDate(child.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ShownOf shown={container.children.length} total={container.childCount} />
    </>
  );
}

function Placement({ container }: { container: Container }) {
  const { t } = useTranslation();
  const root = t("containers.breadcrumbRoot");
  return (
    <>
      <Text size="sm" fw={600}>
        {t("printPreview.paths")}
      </Text>
      <List size="sm" mb="sm">
        {container.paths.map((path) => (
          <List.Item key={path.nodes.map((node) => node.uuid).join("/") || "root"}>
            {[root, ...path.nodes.map((node) => node.label), container.label].join(" › ")}
          </List.Item>
        ))}
      </List>
      <Text size="sm" fw={600}>
        {t("printPreview.parents")}
      </Text>
      <List size="sm">
        {container.atRoot && <List.Item>{t("printPreview.topLevel", { root })}</List.Item>}
        {container.parents.map((parent) => (
          <List.Item key={parent.uuid}>{parent.label}</List.Item>
        ))}
      </List>
    </>
  );
}

export function PrintSheet({ container, sections }: { container: Container; sections: readonly PrintSection[] }) {
  const { t } = useTranslation();
  const [printedAt] = useState(() => formatPrintDate(new Date().toISOString()));
  const parts: Record<PrintSection, ReactNode> = {
    basicInfo: <BasicInfo container={container} />,
    properties: <PrintProperties container={container} />,
    children: <Children container={container} />,
    datastreams: <PrintFiles container={container} />,
    paths: <Placement container={container} />,
  };
  return (
    <article className={classes.sheet} data-testid="print-sheet">
      <Title order={1} size="h2">
        {container.label}
      </Title>
      <Text size="xs" c="dimmed" mb="lg">
        {t("printPreview.printedAt", { date: printedAt })}
      </Text>
      {sections.map((section) => (
        <SheetSection key={section} title={t(`printPreview.sections.${section}`)}>
          {parts[section]}
        </SheetSection>
      ))}
    </article>
  );
}
