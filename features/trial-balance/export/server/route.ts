import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import { ApiError } from "@/lib/http/api-error";
import type { ApiErrorCode } from "@/lib/http/envelope";
import { apiErrorCodeSchema } from "@/lib/http/envelope";
import { withRoute } from "@/lib/http/server/route";
import { trialBalanceContract } from "../../contract";
import type { Locale } from "@/lib/i18n/locales";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import { localToday } from "@/lib/dates/calendar";
import { resolveBusiness } from "../../load/server/load";
import { loadExportPack, type PackLoad } from "../../pack/server/load";
import { parseTrialBalanceQuery } from "../../query";
import { exportFileStem, packDocument } from "../from-pack";

const FORMATS = {
  pdf: { type: "application/pdf", extension: "pdf" },
  csv: { type: "text/csv; charset=utf-8", extension: "csv" },
  xlsx: { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx" },
} as const;
type Format = keyof typeof FORMATS;

function isFormat(value: string | null): value is Format {
  return value !== null && Object.hasOwn(FORMATS, value);
}

/** A pack that could not be read at all, as the one error model's code. */
function loadError(load: Exclude<PackLoad, { kind: "ok" }>): ApiError {
  switch (load.kind) {
    case "tooManyPeriods":
      return new ApiError("invalid", "Too many columns.", { fields: { to: "tooManyPeriods" } });
    case "invalid":
      return new ApiError("invalid", load.message, { fields: load.errors as Record<string, string> });
    case "reauth":
      return new ApiError("reauth_required");
    case "needsV31":
      return new ApiError("needs_v3_1");
    case "forbidden":
      return new ApiError("forbidden", load.message);
    case "rateLimited":
    case "unavailable":
      return new ApiError("unavailable");
    case "unreachable":
      return new ApiError("upstream_unreachable");
    case "badResponse":
      return new ApiError("upstream_error");
  }
}

/**
 * `GET /api/trial-balance/export?format=pdf|csv|xlsx&<the page's query>`: the pack the page
 * shows, as a download. The business is checked as the page checks it (only one the person
 * reaches); the figures come through the person's own accounting connection. `failureKey` turns
 * a failed column's code into its text (the one error-text home is with the components: the
 * route file passes it in).
 */
export function trialBalanceExport(failureKey: (code: ApiErrorCode) => MessageKey) {
  return withRoute({ ...trialBalanceContract.export, firmOnly: true }, async ({ request, user }) => {
    const params = request.nextUrl.searchParams;
    const format = params.get("format");
    if (!isFormat(format))
      throw new ApiError("bad_request", "format must be pdf, csv or xlsx.", { fields: { format: "invalid" } });
    const parsed = parseTrialBalanceQuery(params, localToday());
    if (!parsed.ok)
      throw new ApiError("invalid", "The period is not valid.", { fields: parsed.errors as Record<string, string> });
    const business = await resolveBusiness(user, parsed.query.business);
    if (!business) throw new ApiError("unknown_business");
    const query = { ...parsed.query, ...(business.id ? { business: business.id } : {}) };
    const [load, t, locale] = await Promise.all([
      loadExportPack(user, business, query),
      getTranslations() as Promise<Translate>,
      getLocale() as Promise<Locale>,
    ]);
    if (load.kind !== "ok") throw loadError(load);

    const document = packDocument(load.pack, {
      locale,
      t,
      business,
      query,
      fyStartMonth: load.fyStartMonth,
      single: load.answers[0],
      generatedAt: new Date(),
      failureText: (code) => {
        const known = apiErrorCodeSchema.safeParse(code);
        return t(failureKey(known.success ? known.data : "upstream_error"));
      },
    });
    // The writers are loaded on the first export only (PDFKit and its fonts are not small).
    let bytes: Uint8Array | string;
    if (format === "pdf") bytes = await (await import("./pdf")).renderTrialBalancePdf(document);
    else {
      const { documentSheet } = await import("../sheet");
      bytes =
        format === "csv"
          ? (await import("../csv")).toCsv(documentSheet(document), locale)
          : (await import("../xlsx")).toXlsx(documentSheet(document));
    }
    const fileName = `${exportFileStem(business.name, query)}.${FORMATS[format].extension}`;
    return new Response(bytes as BodyInit, {
      headers: {
        "content-type": FORMATS[format].type,
        "content-disposition": `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        "cache-control": "no-store",
      },
    });
  });
}
