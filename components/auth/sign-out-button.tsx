"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";

/** Sign-out revokes the connection at the accounting service and ends the session (lib/auth/sign-out.ts). */
export function SignOutButton({ label }: { label: string }) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signOut({ callbackUrl: "/" }).catch(() => setPending(false));
      }}
      className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100 disabled:opacity-60"
    >
      {label}
    </button>
  );
}
