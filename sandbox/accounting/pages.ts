import { html } from "../core/http";
import { FAVICON_PATH } from "../favicon";
import type { SandboxResponse } from "../types";

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#1d2a35;margin:0}
main{max-width:28rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin-top:0}label{display:block;margin:.8rem 0 .3rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
button{margin:1rem .5rem 0 0;padding:.55rem 1.2rem;font-size:1rem;cursor:pointer}
ul{padding-left:1.2rem}li{margin:.35rem 0}.alert{background:#fde8e8;color:#8a1c1c;padding:.6rem;border-radius:4px}
.note{color:#5b6b78;font-size:.9rem}`;

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
<title>${escapeHtml(title)} – Accounting sandbox</title><style>${STYLE}</style></head>
<body><main>
${content}
<p class="note">Sandbox emulation of the accounting service. No real data.</p>
</main></body>
</html>`;
}

/** A problem with client_id or redirect_uri (or a lost session): shown, never redirected. */
export function errorPage(message: string, status = 400): SandboxResponse {
  return html(
    status,
    layout(
      "Authorization error",
      `<h1>Authorization error</h1>\n<p class="alert" role="alert">${escapeHtml(message)}</p>`,
    ),
  );
}

export interface CountryLink {
  name: string;
  href: string;
}

export function countryPage(appName: string, countries: CountryLink[], others: CountryLink[]): SandboxResponse {
  const list = (links: CountryLink[]) =>
    links.map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.name)}</a></li>`).join("\n");
  const otherSection = others.length === 0 ? "" : `<h2>Other countries</h2>\n<ul>\n${list(others)}\n</ul>`;
  return html(
    200,
    layout(
      "Choose your country",
      `<h1>Choose your country</h1>
<p>${escapeHtml(appName)} wants to connect to your accounting data. Where is your business registered?</p>
<ul>
${list(countries)}
</ul>
${otherSection}`,
    ),
  );
}

export function invalidFilterPage(filter: string, allCountriesHref: string): SandboxResponse {
  return html(
    200,
    layout(
      "Choose your country",
      `<h1>Choose your country</h1>
<p class="alert" role="alert">The country filter “${escapeHtml(filter)}” is not valid.</p>
<p><a href="${escapeHtml(allCountriesHref)}">Show all countries</a></p>`,
    ),
  );
}

export function unavailablePage(countryName: string, backHref: string): SandboxResponse {
  return html(
    200,
    layout(
      "Not available",
      `<h1>Not available in ${escapeHtml(countryName)}</h1>
<p>Apps cannot connect to accounting businesses in ${escapeHtml(countryName)}.</p>
<p><a href="${escapeHtml(backHref)}">Choose another country</a></p>`,
    ),
  );
}

export interface SignInView {
  action: string;
  sessionId: string;
  appName: string;
  countryName: string;
  changeCountryHref: string;
  email?: string;
  error?: string;
}

export function signInPage(view: SignInView): SandboxResponse {
  const alert = view.error ? `<p class="alert" role="alert">${escapeHtml(view.error)}</p>` : "";
  return html(
    200,
    layout(
      "Sign in",
      `<h1>Sign in</h1>
<p>Sign in to your ${escapeHtml(view.countryName)} accounting account to connect ${escapeHtml(view.appName)}.</p>
${alert}
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="session" value="${escapeHtml(view.sessionId)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(view.email ?? "")}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<p class="note">Not in ${escapeHtml(view.countryName)}? <a href="${escapeHtml(view.changeCountryHref)}">Change country</a></p>`,
    ),
  );
}

export interface ConsentView {
  action: string;
  sessionId: string;
  appName: string;
  userEmail: string;
  businessName: string;
  scope: "readonly" | "full_access";
}

export function consentPage(view: ConsentView): SandboxResponse {
  const access =
    view.scope === "full_access"
      ? "read and change your accounting data"
      : "read your accounting data (it cannot change anything)";
  return html(
    200,
    layout(
      "Allow access",
      `<h1>Allow ${escapeHtml(view.appName)} access?</h1>
<p>Signed in as ${escapeHtml(view.userEmail)} (${escapeHtml(view.businessName)}).</p>
<p>${escapeHtml(view.appName)} will be able to ${access} for every business you can reach.</p>
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="session" value="${escapeHtml(view.sessionId)}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
    ),
  );
}

export function tooManyRequestsPage(retryAfterSeconds: number): SandboxResponse {
  return html(
    429,
    layout("Too many requests", `<h1>Too many requests</h1>\n<p>Please try again in ${retryAfterSeconds} seconds.</p>`),
    {
      "retry-after": String(retryAfterSeconds),
    },
  );
}
