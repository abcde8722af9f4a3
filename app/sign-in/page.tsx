import type { Metadata } from "next";
import Link from "next/link";
import { LegacySignIn } from "@/features/sign-in/components/legacy-sign-in";
import { EmailSignInForm } from "@/features/sign-in/components/email-sign-in-form";
import { PasskeySignInButton } from "@/features/sign-in/components/passkey-sign-in-button";
import { SignInForm } from "@/features/sign-in/components/sign-in-form";
import { safeAppPath } from "@/lib/auth/own-url";
import { rememberedCountry } from "@/features/sign-in/server/country-cookie";
import { getSessionUser } from "@/lib/auth/server/session";
import { getTranslations } from "next-intl/server";
import { signInErrorText } from "@/lib/auth/sign-in-error";
import { Notice } from "@/components/ui/notice";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("auth.signInTitle") };
}

const COUNTRY_NAMES = new Map([
  ["ca", "Canada"],
  ["de", "Germany"],
  ["es", "Spain"],
  ["fr", "France"],
  ["gb", "United Kingdom"],
  ["ie", "Ireland"],
  ["us", "United States"],
]);

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const t = await getTranslations();
  const params = await searchParams;
  const error = typeof params.error === "string" ? params.error : undefined;
  // An own path only (lib/auth/own-url.ts: never what a browser reads as another host); the
  // passkey sign-in and the e-mail link come back to it.
  const callbackUrl = safeAppPath(params.callbackUrl);
  const country = await rememberedCountry();
  const user = await getSessionUser();
  const connected = user?.connection?.status === "active";
  return (
    <section className="max-w-2xl space-y-5">
      <h1 className="text-2xl font-bold">{t("auth.signInTitle")}</h1>
      {error ? <Notice tone="error">{t(signInErrorText(error))}</Notice> : null}
      {user && connected ? (
        <p>
          {t("auth.signedInAs", { name: user.displayName ?? user.email ?? "" })}{" "}
          <Link href="/businesses" className="text-blue-700 underline">
            {t("nav.businesses")}
          </Link>
        </p>
      ) : null}
      <p className="text-slate-700">{t("auth.signInIntro")}</p>
      {country ? (
        <p className="text-sm text-slate-600">
          {t("auth.countryKnown", { country: COUNTRY_NAMES.get(country) ?? country })}
        </p>
      ) : null}
      <SignInForm country={country} />
      <LegacySignIn country={country} />
      {/* After the accounting sign-in, which stays the first button named "Sign in". */}
      <EmailSignInForm callbackUrl={callbackUrl} />
      <PasskeySignInButton callbackUrl={callbackUrl} />
    </section>
  );
}
