"use client";

/** Hands a fetched file to the browser's downloads under its name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = Object.assign(document.createElement("a"), { href: url, download: fileName });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked once the browser has taken the file over (at once may cancel the download).
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
