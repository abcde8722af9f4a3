import { getTranslations } from "next-intl/server";
import type { TransferDifference } from "@/features/month-close/states";

/** Under a company's "Transfer unclear" in the list: which kinds a re-read found differing from what was sent. */
export async function ListDifference({ difference }: { difference: TransferDifference | null }) {
  if (!difference) return null;
  const kinds = difference.kinds.filter((kind) => kind.missing > 0 || kind.unexpected > 0);
  if (kinds.length === 0) return null;
  const t = await getTranslations();
  const names = kinds
    .map((kind) => t(kind.kind === "hours" ? "monthClose.kindHours" : "monthClose.kindPayments"))
    .join(", ");
  return (
    <div className="text-sm text-amber-900" data-transfer-difference="">
      {t("monthClose.listDifference", { kinds: names })}
    </div>
  );
}
