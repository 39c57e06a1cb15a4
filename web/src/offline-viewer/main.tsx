// The offline viewer (spec 3 §7 export `{format: 'VIEWER'}`): index.html in the exported ZIP plays the story that
// story.js set, with the viewer's own StoryPlayer, from file:// with no server and no network. Pictures are the files
// under media/ (the player's preload falls back to showing them straight from their relative paths), YouTube and
// Vimeo show as a poster with the link. Built by vite.offline.config.ts as one classic script.
// Only the styles of what the player shows (its loader, text and buttons with their tooltips), not all of Mantine's.
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/Tooltip.css";
import { MantineProvider } from "@mantine/core";
import { OFFLINE_VIEWER, type OfflineStory } from "@repox/contracts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { theme } from "../app/theme.ts";
import { StoryPlayer } from "../features/story-viewer/index.ts";
import { startOfflineI18n } from "./offline-i18n.ts";

declare global {
  interface Window {
    [OFFLINE_VIEWER.storyGlobal]?: OfflineStory;
  }
}

function OfflineViewer({ story }: { story: OfflineStory }) {
  return (
    <div style={{ position: "fixed", inset: 0 }}>
      <StoryPlayer
        screen={story.storyDetails.screen}
        width={story.width}
        height={story.height}
        pictures={story.pictures}
        label={story.title}
        videoMode="poster"
      />
    </div>
  );
}

const story = window[OFFLINE_VIEWER.storyGlobal];
const root = document.getElementById("root");
if (story && root) {
  document.title = story.title;
  startOfflineI18n().then(() =>
    createRoot(root).render(
      <StrictMode>
        <MantineProvider theme={theme} defaultColorScheme="dark">
          <OfflineViewer story={story} />
        </MantineProvider>
      </StrictMode>,
    ),
  );
}
