"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConnectForm } from "./connect-form";

/**
 * "Add another payroll customer" (owners, while one is connected): the connect form appears only
 * when asked for, so a connected workspace's page has one key field only when someone adds a customer.
 */
export function AddConnection({ defaultBaseUrl }: { defaultBaseUrl: string }) {
  const t = useTranslations();
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-3">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls="payroll-add-connection"
        onClick={() => setOpen((value) => !value)}
      >
        {t("payroll.connection.addTitle")}
      </Button>
      <div id="payroll-add-connection">
        {open ? <ConnectForm defaultBaseUrl={defaultBaseUrl} adding onConnected={() => setOpen(false)} /> : null}
      </div>
    </div>
  );
}
