"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** A signing secret to copy into the receiving tool: selectable text and a Copy button. */
export function SecretText({ secret }: { secret: string }) {
  const t = useTranslations();
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code className="rounded bg-slate-100 px-2 py-1 text-sm break-all" aria-label={t("webhooks.secretLabel")}>
        {secret}
      </code>
      <Button
        size="sm"
        variant="secondary"
        onClick={() =>
          void navigator.clipboard?.writeText(secret).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {t("webhooks.copy")}
      </Button>
      <span role="status" className="text-sm text-slate-600">
        {copied ? t("webhooks.copied") : ""}
      </span>
    </div>
  );
}
