/** The demo administrator's password the browser tests start the server with. */
export const E2E_ADMIN_PASSWORD = "E2e-admin-password-1";

/** The operator token the browser tests start the server with, so a test can create a second tenant. */
export const E2E_PLATFORM_TOKEN = "e2e-platform-token-0123456789abcdef";
