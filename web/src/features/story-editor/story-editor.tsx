// The editor of one loaded story: the reducer (the one source of truth, with undo/redo), the keys, and the layout —
// breadcrumbs Stories > title, the toolbar (undo, redo, Preview, Download, Delete story, Save Changes), the canvas with
// 'Add Element +', the slide strip and the 380 px settings panel. Nothing is saved until Save Changes; leaving with
// unsaved changes asks first.
import { ActionIcon, Anchor, Breadcrumbs, Button, Group, Title, Tooltip } from "@mantine/core";
import { modals } from "@mantine/modals";
import { type ElementType, type Story, type StoryElement, StoryUpdateBody } from "@repox/contracts";
import { IconArrowBackUp, IconArrowForwardUp, IconDeviceFloppy, IconDownload, IconEye, IconPlus, IconTrash } from "@tabler/icons-react";
import { useCallback, useMemo, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { errorText } from "../../api/errors.ts";
import { currentTenant } from "../../api/tenant.ts";
import { showError, showSuccess } from "../../components/toast.ts";
import { UnsavedChangesGuard } from "../../components/unsaved-changes-guard.tsx";
import { useDeleteStory, useSaveStory } from "./api.ts";
import { AssetPickerModal } from "./asset-picker-modal.tsx";
import { DownloadStoryModal } from "./download-story-modal.tsx";
import { EditorCanvas } from "./editor-canvas.tsx";
import { EditorContext, type EditorContextValue, newItemId } from "./editor-context.tsx";
import { centredElement, ElementTypeModal } from "./element-type-modal.tsx";
import { SettingsPanel } from "./panel/settings-panel.tsx";
import { SlideStrip } from "./slide-strip.tsx";
import { SlideTemplateModal } from "./slide-template-modal.tsx";
import { currentDraft, editorReducer, hasUnsavedChanges, initialEditorState, selectedSlide } from "./state/editor-reducer.ts";
import { canRedo, canUndo } from "./state/history.ts";
import { draftFromStory, draftToBody } from "./state/story-draft.ts";
import classes from "./story-editor.module.css";
import { firstIssueText } from "./story-issues.ts";
import { useEditorKeys } from "./use-editor-keys.ts";
import { useEditorPictures } from "./use-editor-pictures.ts";

type Dialog = "template" | "element" | "picture" | "download" | null;

export function StoryEditor({ story }: { story: Story }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(editorReducer, story, (loaded) => initialEditorState(draftFromStory(loaded)));
  const [dialog, setDialog] = useState<Dialog>(null);
  const save = useSaveStory(story.id);
  const remove = useDeleteStory();
  useEditorKeys(dispatch);

  const draft = currentDraft(state);
  const slide = selectedSlide(state);
  const canvas = useMemo(
    () => ({ width: draft.storyDetails.screen.width ?? story.width, height: draft.storyDetails.screen.height ?? story.height }),
    [draft.storyDetails.screen, story],
  );
  const resolvePicture = useEditorPictures(draft.storyDetails, draft.coverPage);
  const context = useMemo<EditorContextValue>(
    () => ({ state, dispatch, story, canvas, resolvePicture }),
    [state, story, canvas, resolvePicture],
  );

  const isLeaving = useRef(false);
  const unsavedRef = useRef(false);
  unsavedRef.current = hasUnsavedChanges(state);
  const hasUnsaved = useCallback(() => unsavedRef.current && !isLeaving.current, []);

  const saveChanges = () => {
    const sent = draft;
    const body = draftToBody(story, sent);
    const checked = StoryUpdateBody.safeParse(body);
    if (!checked.success) return showError(firstIssueText(checked.error));
    save.mutate(body, {
      onSuccess: () => {
        showSuccess(t("storyEditor.saved"));
        dispatch({ type: "saved", draft: sent });
      },
      onError: (error) => showError(errorText(error)),
    });
  };

  const deleteStory = () =>
    modals.openConfirmModal({
      title: t("storyEditor.deleteTitle"),
      children: t("storyEditor.deleteConfirm", { title: story.title }),
      labels: { confirm: t("common.delete"), cancel: t("common.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(story.id, {
          onSuccess: () => {
            showSuccess(t("storyEditor.deleted"));
            isLeaving.current = true;
            navigate("/stories");
          },
          onError: (error) => showError(errorText(error)),
        }),
    });

  const preview = () => window.open(`/${currentTenant()}/repox-story/${encodeURIComponent(story.id)}`, "_blank", "noopener");
  const addElement = (type: ElementType) => dispatch({ type: "element/add", element: centredElement(type, canvas) });
  const openElement = useCallback((element: StoryElement) => {
    if (element.type === "IMAGE") setDialog("picture");
  }, []);

  return (
    <EditorContext.Provider value={context}>
      <Breadcrumbs mb="xs">
        <Anchor component={Link} to="/stories">
          {t("stories.title")}
        </Anchor>
        <span>{draft.title || story.title}</span>
      </Breadcrumbs>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
        <Title order={2}>{draft.title || story.title}</Title>
        <Group gap="xs">
          <Tooltip label={t("storyEditor.undo")}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t("storyEditor.undo")}
              disabled={!canUndo(state.history)}
              onClick={() => dispatch({ type: "history/undo" })}
            >
              <IconArrowBackUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t("storyEditor.redo")}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t("storyEditor.redo")}
              disabled={!canRedo(state.history)}
              onClick={() => dispatch({ type: "history/redo" })}
            >
              <IconArrowForwardUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Button variant="default" leftSection={<IconEye size={16} />} onClick={preview}>
            {t("storyEditor.preview")}
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => setDialog("download")}>
            {t("storyEditor.download.button")}
          </Button>
          <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={deleteStory} loading={remove.isPending}>
            {t("storyEditor.delete")}
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={saveChanges}
            loading={save.isPending}
            disabled={!hasUnsavedChanges(state)}
          >
            {t("storyEditor.save")}
          </Button>
        </Group>
      </Group>
      <div className={classes.body}>
        <div className={classes.main}>
          <Group justify="flex-end">
            <Button size="xs" rightSection={<IconPlus size={14} />} disabled={!slide} onClick={() => setDialog("element")}>
              {t("storyEditor.elements.add")}
            </Button>
          </Group>
          <EditorCanvas slide={slide} onOpenElement={openElement} />
          <SlideStrip onAddSlide={() => setDialog("template")} />
        </div>
        <SettingsPanel onChoosePicture={() => setDialog("picture")} />
      </div>
      <SlideTemplateModal
        opened={dialog === "template"}
        onClose={() => setDialog(null)}
        onAdd={(template) =>
          dispatch({ type: "slide/add", id: newItemId(), template: { id: template.id, slideDetails: template.slideDetails } })
        }
      />
      <ElementTypeModal opened={dialog === "element"} onClose={() => setDialog(null)} onChoose={addElement} />
      <AssetPickerModal
        opened={dialog === "picture"}
        onClose={() => setDialog(null)}
        withStore
        title={t("storyEditor.pictures.title")}
        onPick={(picture) => {
          const elementId = state.selection.elementId;
          if (elementId)
            dispatch({ type: "element/update", elementId, data: { uuid: picture.uuid, from: picture.from, dimensionsAreSet: false } });
        }}
      />
      <DownloadStoryModal storyId={story.id} title={draft.title} opened={dialog === "download"} onClose={() => setDialog(null)} />
      <UnsavedChangesGuard when={hasUnsaved} staysInside={() => false} />
    </EditorContext.Provider>
  );
}
