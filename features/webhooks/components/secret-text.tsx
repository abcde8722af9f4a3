"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

/** A signing secret to copy into the receiving tool: a read-only field (selectable) and a Copy button. */
export function SecretText({ secret }: { secret: string }) {
  const t = useTranslations();
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <Field
          label={t("webhooks.secretLabel")}
          readOnly
          value={secret}
          spellCheck={false}
          className="w-full rounded border border-slate-400 bg-slate-100 px-3 py-2 font-mono text-sm"
        />
      </div>
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
