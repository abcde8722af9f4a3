import "server-only";
import { getTranslations } from "next-intl/server";
import type { Translate } from "@/lib/i18n/translate";
import { auditSigningKeyInfo } from "../server/signing-key";

/**
 * The installation's public key that signs the audit trail's checkpoints, for `/settings/records`
 * (mounted there): its fingerprint, which every checkpoint names, and the key itself (PEM and
 * base64) to verify a checkpoint without Ledgerlane (docs/audit-trail-verification.md).
 */
export async function AuditSigningKey() {
  const t = (await getTranslations()) as Translate;
  const key = auditSigningKeyInfo();
  return (
    <section aria-labelledby="audit-signing-key-heading" className="space-y-2">
      <h2 id="audit-signing-key-heading" className="text-lg font-semibold">
        {t("audit.signingKey.heading")}
      </h2>
      {key ? (
        <>
          <p className="text-slate-700">{t("audit.signingKey.intro")}</p>
          <dl className="space-y-2">
            <div>
              <dt className="font-medium">{t("audit.signingKey.fingerprint")}</dt>
              <dd className="font-mono text-sm break-all">{key.fingerprint}</dd>
            </div>
            <div>
              <dt className="font-medium">{t("audit.signingKey.pem")}</dt>
              <dd>
                <pre className="overflow-x-auto rounded bg-slate-100 p-2 text-sm" tabIndex={0}>
                  {key.pem}
                </pre>
              </dd>
            </div>
            <div>
              <dt className="font-medium">{t("audit.signingKey.base64")}</dt>
              <dd className="font-mono text-sm break-all">{key.base64}</dd>
            </div>
            {key.previous.length ? (
              <div>
                <dt className="font-medium">{t("audit.signingKey.previous")}</dt>
                {key.previous.map((fingerprint) => (
                  <dd key={fingerprint} className="font-mono text-sm break-all">
                    {fingerprint}
                  </dd>
                ))}
              </div>
            ) : null}
          </dl>
        </>
      ) : (
        <p className="text-slate-700">{t("audit.signingKey.none")}</p>
      )}
    </section>
  );
}
