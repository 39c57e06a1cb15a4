// How to turn a computer into a screen (spec 3 §2 Screen app; ours is the browser player): per system, the steps
// that open this tenant's player page full screen in kiosk mode at start-up. The steps are translation keys; the
// commands carry the player's address.
export const SYSTEMS = ["windows", "linux", "macos"] as const;
export type KioskSystem = (typeof SYSTEMS)[number];

export type KioskStep = { text: string; command?: string };

/** The player's address for a tenant: /{tenant}/player on this server. */
export function playerUrl(origin: string, tenant: string): string {
  return `${origin}/${encodeURIComponent(tenant)}/player`;
}

/** A command-line argument quoted for the shell of the system. */
const quoted = (url: string) => `"${url.replaceAll('"', "%22")}"`;

export function kioskSteps(system: KioskSystem, url: string): KioskStep[] {
  switch (system) {
    case "windows":
      return [
        { text: "screenApp.steps.windows.browser" },
        {
          text: "screenApp.steps.windows.shortcut",
          command: `msedge.exe --kiosk ${quoted(url)} --edge-kiosk-type=fullscreen --no-first-run`,
        },
        { text: "screenApp.steps.windows.chrome", command: `chrome.exe --kiosk ${quoted(url)} --no-first-run` },
        { text: "screenApp.steps.windows.startup", command: "shell:startup" },
        { text: "screenApp.steps.pair" },
      ];
    case "linux":
      return [
        { text: "screenApp.steps.linux.install", command: "sudo apt install chromium" },
        { text: "screenApp.steps.linux.run", command: `chromium --kiosk ${quoted(url)} --noerrdialogs --disable-infobars --no-first-run` },
        {
          text: "screenApp.steps.linux.autostart",
          command: `mkdir -p ~/.config/autostart && printf '[Desktop Entry]\\nType=Application\\nName=Repox player\\nExec=chromium --kiosk ${url} --noerrdialogs --disable-infobars --no-first-run\\n' > ~/.config/autostart/repox-player.desktop`,
        },
        { text: "screenApp.steps.pair" },
      ];
    case "macos":
      return [
        { text: "screenApp.steps.macos.open", command: `open -a "Google Chrome" --args --kiosk ${quoted(url)}` },
        { text: "screenApp.steps.macos.safari" },
        { text: "screenApp.steps.macos.login" },
        { text: "screenApp.steps.pair" },
      ];
  }
}
