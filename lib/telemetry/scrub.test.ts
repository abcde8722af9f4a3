import { describe, expect, it } from "vitest";
import { routeTemplate, scrubAttributes, scrubSpanName } from "./scrub";

describe("routeTemplate", () => {
  it("keeps the route's words and makes ids, tokens and addresses {id}, without the query string", () => {
    expect(routeTemplate("http://127.0.0.1:4110/payroll/v1/companies/1001/employees?page=2")).toBe(
      "/payroll/v1/companies/{id}/employees",
    );
    expect(routeTemplate("/accounting/businesses/b_8f3kq9x2/accounts#top")).toBe(
      "/accounting/businesses/{id}/accounts",
    );
    expect(routeTemplate("/invitations/Zx9QmJ2nBv8LkPq4RtYw7sHd")).toBe("/invitations/{id}");
    expect(routeTemplate("/people/ida@example.com")).toBe("/people/{id}");
    expect(routeTemplate("/oauth/token")).toBe("/oauth/token");
  });
});

describe("scrubAttributes", () => {
  it("drops raw targets, URLs and anything named like a credential", () => {
    const scrubbed = scrubAttributes({
      "http.target": "/api/auth/callback/email?token=abc&email=ida%40example.com",
      "url.full": "https://service.example/oauth/token?code=xyz",
      "http.request.header.authorization": "Bearer secret",
      "app.refresh_token": "rt_123",
      "user.email": "ida@example.com",
      "http.route": "/api/payroll/companies/[companyId]/entries/[kind]/draft",
      "http.response.status_code": 200,
    });
    expect(scrubbed).toEqual({
      "http.route": "/api/payroll/companies/[companyId]/entries/[kind]/draft",
      "http.response.status_code": 200,
    });
  });

  it("cuts query strings and e-mail addresses out of any text", () => {
    expect(
      scrubAttributes({ "exception.message": "GET /callback?code=s3cret failed for ida@example.com" })[
        "exception.message"
      ],
    ).toBe("GET /callback failed for [email]");
  });
});

describe("scrubSpanName", () => {
  it("keeps a route's name and reduces a raw path to its template", () => {
    expect(scrubSpanName("PUT /api/payroll/companies/[companyId]/entries/[kind]/draft")).toBe(
      "PUT /api/payroll/companies/[companyId]/entries/[kind]/draft",
    );
    expect(scrubSpanName("GET /api/auth/callback/email?token=abc")).toBe("GET /api/auth/callback/email");
    expect(scrubSpanName("GET /invitations/Zx9QmJ2nBv8LkPq4RtYw7sHd")).toBe("GET /invitations/{id}");
    expect(scrubSpanName("prisma:client:operation")).toBe("prisma:client:operation");
  });
});
