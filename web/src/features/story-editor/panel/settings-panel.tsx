// The right-side settings panel, 380 px (spec 3 §2, §9): Story Settings (with the tags), Cover Page, Animation,
// Edit Slide, Edit Element and Timeline.
import { Accordion, ScrollArea } from "@mantine/core";
import { STORY_LIMITS } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import editorClasses from "../story-editor.module.css";
import { AnimationSection } from "./animation-section.tsx";
import { CoverPageSection } from "./cover-page-section.tsx";
import { ElementSection } from "./element-section.tsx";
import { SlideSection } from "./slide-section.tsx";
import { StorySettingsSection } from "./story-settings-section.tsx";
import { TimelineSection } from "./timeline-section.tsx";

const SECTIONS = ["story", "cover", "animation", "slide", "element", "timeline"] as const;

export function SettingsPanel({ onChoosePicture }: { onChoosePicture: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string[]>(["element", "slide"]);
  const content = {
    story: <StorySettingsSection />,
    cover: <CoverPageSection />,
    animation: <AnimationSection />,
    slide: <SlideSection />,
    element: <ElementSection onChoosePicture={onChoosePicture} />,
    timeline: <TimelineSection />,
  };
  return (
    <ScrollArea
      w={STORY_LIMITS.settingsPanelWidthPx}
      miw={STORY_LIMITS.settingsPanelWidthPx}
      h="100%"
      type="auto"
      className={editorClasses.stillLayer}
      data-testid="settings-panel"
    >
      <Accordion multiple value={open} onChange={setOpen} variant="contained">
        {SECTIONS.map((section) => (
          <Accordion.Item key={section} value={section}>
            <Accordion.Control>{t(`storyEditor.sections.${section}`)}</Accordion.Control>
            <Accordion.Panel>{open.includes(section) && content[section]}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </ScrollArea>
  );
}
