"use client";

import { startSignIn } from "@/lib/auth/client/browser-auth";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Starts the sign-in at the accounting service (a POST with next-auth's CSRF token, then the browser leaves). */
export function SignInButton({
  label,
  scope = "full_access",
  country,
  callbackUrl = "/signed-in",
  variant = "primary",
  provider = "accounting",
  move = false,
  link = false,
}: {
  label: string;
  scope?: "full_access" | "readonly";
  country?: string;
  callbackUrl?: string;
  variant?: "primary" | "secondary";
  /** `accounting-v3`: the legacy v3 flow. */
  provider?: "accounting" | "accounting-v3";
  /** The v3.1 sign-in that moves a legacy v3 connection to v3.1. */
  move?: boolean;
  /** The accounting sign-in that links an account to the signed-in e-mail person (features/account-linking). */
  link?: boolean;
}) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant={variant}
      size={variant === "primary" ? "md" : "sm"}
      disabled={pending}
      aria-busy={pending}
      onClick={() => {
        setPending(true);
        startSignIn(provider, callbackUrl, {
          scope,
          ...(country ? { country } : {}),
          ...(move ? { move: "1" } : {}),
          ...(link ? { link: "1" } : {}),
        }).catch(() => setPending(false));
      }}
    >
      {label}
    </Button>
  );
}
