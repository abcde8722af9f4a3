"use client";

import { signOutAndLeave } from "@/lib/auth/client/browser-auth";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Sign-out revokes the connection at the accounting service and ends the session (features/sign-in/server/sign-out.ts). */
export function SignOutButton({ label }: { label: string }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={pending}
      onClick={() => {
        setPending(true);
        signOutAndLeave("/").catch(() => setPending(false));
      }}
    >
      {label}
    </Button>
  );
}
