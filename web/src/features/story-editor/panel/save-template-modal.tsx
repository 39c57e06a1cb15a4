// Saves the selected slide as a template of the author's (POST /api/slide_templates), for the 'Saved Templates' tab.
import { Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { type Slide, STORY_LIMITS } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../api/errors.ts";
import { showError, showSuccess } from "../../../components/toast.ts";
import { useSaveSlideTemplate } from "../api.ts";
import { useEditor } from "../editor-context.tsx";

export function SaveTemplateModal({ slide, opened, onClose }: { slide: Slide; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { story } = useEditor();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const save = useSaveSlideTemplate();
  const submit = () => {
    const { id: _id, templateId: _templateId, ...slideDetails } = slide;
    save.mutate(
      { title: title.trim(), description, coverPage: null, aspectRatio: story.aspectRatio, orientation: story.orientation, slideDetails },
      {
        onSuccess: () => {
          showSuccess(t("storyEditor.slide.templateSaved"));
          setTitle("");
          setDescription("");
          onClose();
        },
        onError: (error) => showError(errorText(error)),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("storyEditor.slide.saveAsTemplate")}>
      <Stack>
        <TextInput
          label={t("storyEditor.slide.templateTitle")}
          value={title}
          maxLength={STORY_LIMITS.titleMaxLength}
          onChange={(event) => setTitle(event.currentTarget.value)}
          data-autofocus
        />
        <Textarea
          label={t("storyEditor.story.description")}
          value={description}
          maxLength={STORY_LIMITS.descriptionMaxLength}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button onClick={submit} disabled={!title.trim()} loading={save.isPending}>
            {t("common.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
