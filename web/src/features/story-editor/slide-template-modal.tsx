// 'Select a Slide Template' (spec 3 §2, §5): tabs 'Default Templates' and 'Saved Templates' of the story's ratio and
// orientation, each template drawn by the viewer's SlideStage; 'Add Slide' only once one is chosen.
import { Button, Group, Loader, Modal, SimpleGrid, Tabs, Text, UnstyledButton } from "@mantine/core";
import type { SlideTemplate, SlideTemplateKind } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SlideStage } from "../story-viewer/index.ts";
import { useSlideTemplates } from "./api.ts";
import { useEditor } from "./editor-context.tsx";
import classes from "./picker.module.css";

function TemplateGrid({
  kind,
  isActive,
  chosen,
  onChoose,
}: {
  kind: SlideTemplateKind;
  isActive: boolean;
  chosen: string | null;
  onChoose: (template: SlideTemplate) => void;
}) {
  const { t } = useTranslation();
  const { story, canvas, resolvePicture } = useEditor();
  const templates = useSlideTemplates({ aspectRatio: story.aspectRatio, orientation: story.orientation }, kind, isActive);
  if (templates.isPending) return <Loader size="sm" />;
  if (templates.isError) return <Text c="red">{templates.error.message}</Text>;
  if (templates.data.content.length === 0) return <Text c="dimmed">{t("storyEditor.templates.none")}</Text>;
  return (
    <SimpleGrid cols={3} spacing="sm">
      {templates.data.content.map((template) => (
        <UnstyledButton
          key={template.id}
          className={classes.card}
          data-chosen={chosen === template.id || undefined}
          aria-pressed={chosen === template.id}
          aria-label={template.title}
          onClick={() => onChoose(template)}
        >
          <div className={classes.preview} style={{ aspectRatio: `${canvas.width} / ${canvas.height}` }}>
            <SlideStage
              slide={{ ...template.slideDetails, id: template.id, templateId: template.id }}
              width={canvas.width}
              height={canvas.height}
              resolvePicture={resolvePicture}
              videoMode="poster"
              isInteractive={false}
              barColor="transparent"
            />
          </div>
          <Text size="sm" fw={500} mt={4} truncate>
            {template.title}
          </Text>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

export function SlideTemplateModal({
  opened,
  onClose,
  onAdd,
}: {
  opened: boolean;
  onClose: () => void;
  onAdd: (template: SlideTemplate) => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SlideTemplateKind>("DEFAULT");
  const [chosen, setChosen] = useState<SlideTemplate | null>(null);
  const close = () => {
    setChosen(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t("storyEditor.templates.title")} size="xl">
      <Tabs value={tab} onChange={(value) => setTab((value as SlideTemplateKind) ?? "DEFAULT")}>
        <Tabs.List mb="md">
          <Tabs.Tab value="DEFAULT">{t("storyEditor.templates.defaults")}</Tabs.Tab>
          <Tabs.Tab value="SAVED">{t("storyEditor.templates.saved")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="DEFAULT">
          <TemplateGrid kind="DEFAULT" isActive={opened && tab === "DEFAULT"} chosen={chosen?.id ?? null} onChoose={setChosen} />
        </Tabs.Panel>
        <Tabs.Panel value="SAVED">
          <TemplateGrid kind="SAVED" isActive={opened && tab === "SAVED"} chosen={chosen?.id ?? null} onChoose={setChosen} />
        </Tabs.Panel>
      </Tabs>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          {t("common.cancel")}
        </Button>
        <Button
          disabled={!chosen}
          onClick={() => {
            if (!chosen) return;
            onAdd(chosen);
            close();
          }}
        >
          {t("storyEditor.templates.add")}
        </Button>
      </Group>
    </Modal>
  );
}
