// The story browser dialog shared by the screens editor (Push) and the websites editor (Assign).
export { StoryPickerModal, type StoryPickerProps } from "./story-picker-modal.tsx";
