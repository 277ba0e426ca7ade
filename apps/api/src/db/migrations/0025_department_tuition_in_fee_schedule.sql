-- Department tuition becomes the fee schedule's Tuition lines scoped to a department and a level
-- (ADR 11). No student's due changes: the rows of the old list were never charged, so each becomes a
-- line priced at what that department and level is charged for Tuition (item 1) today, by the fee
-- schedule's own rule (the most specific line wins; among equals, the oldest). Where a programme or an
-- entry mode is charged differently today, a line for it keeps that price. The old rows stay, renamed,
-- for the bursary to review.
WITH tuition AS (
	SELECT * FROM "fee_schedule" WHERE "item_id" = 1
),
combos AS (
	SELECT dt."session_id", dt."department_id", dt."level_id", p."programme_id", e."entry_mode_id"
	FROM "department_tuition" dt
	CROSS JOIN LATERAL (
		SELECT NULL::integer AS "programme_id"
		UNION SELECT DISTINCT t."programme_id" FROM tuition t
		WHERE t."session_id" = dt."session_id" AND t."programme_id" IS NOT NULL
	) p
	CROSS JOIN LATERAL (
		SELECT NULL::integer AS "entry_mode_id"
		UNION SELECT DISTINCT t."entry_mode_id" FROM tuition t
		WHERE t."session_id" = dt."session_id" AND t."entry_mode_id" IS NOT NULL
	) e
),
priced AS (
	SELECT c.*, best."indigene_amount_kobo", best."non_indigene_amount_kobo"
	FROM combos c
	JOIN LATERAL (
		SELECT t."indigene_amount_kobo", t."non_indigene_amount_kobo"
		FROM tuition t
		WHERE t."session_id" = c."session_id"
			AND (t."level_id" IS NULL OR t."level_id" = c."level_id")
			AND (t."department_id" IS NULL OR t."department_id" = c."department_id")
			AND (t."programme_id" IS NULL OR t."programme_id" = c."programme_id")
			AND (t."entry_mode_id" IS NULL OR t."entry_mode_id" = c."entry_mode_id")
		ORDER BY ((t."level_id" IS NOT NULL)::int + (t."department_id" IS NOT NULL)::int
			+ (t."programme_id" IS NOT NULL)::int + (t."entry_mode_id" IS NOT NULL)::int) DESC, t."id"
		LIMIT 1
	) best ON true
),
base AS (
	SELECT * FROM priced WHERE "programme_id" IS NULL AND "entry_mode_id" IS NULL
),
-- A combination needs a line of its own when its price is not the department line's, or when a line of
-- its programme alone or its entry mode alone is added (that line would otherwise price it).
marked AS (
	SELECT p.*, (b."session_id" IS NULL
		OR p."indigene_amount_kobo" <> b."indigene_amount_kobo"
		OR p."non_indigene_amount_kobo" <> b."non_indigene_amount_kobo") AS "differs"
	FROM priced p
	LEFT JOIN base b ON b."session_id" = p."session_id" AND b."department_id" = p."department_id" AND b."level_id" = p."level_id"
)
INSERT INTO "fee_schedule" ("session_id", "item_id", "department_id", "level_id", "programme_id", "entry_mode_id", "indigene_amount_kobo", "non_indigene_amount_kobo")
SELECT m."session_id", 1, m."department_id", m."level_id", m."programme_id", m."entry_mode_id", m."indigene_amount_kobo", m."non_indigene_amount_kobo"
FROM marked m
WHERE (m."programme_id" IS NULL AND m."entry_mode_id" IS NULL)
	OR m."differs"
	OR (m."programme_id" IS NOT NULL AND m."entry_mode_id" IS NOT NULL AND EXISTS (
		SELECT 1 FROM marked o
		WHERE o."differs" AND o."session_id" = m."session_id" AND o."department_id" = m."department_id"
			AND o."level_id" = m."level_id"
			AND ((o."programme_id" = m."programme_id" AND o."entry_mode_id" IS NULL)
				OR (o."programme_id" IS NULL AND o."entry_mode_id" = m."entry_mode_id"))
	))
ORDER BY m."session_id", m."department_id", m."level_id", m."programme_id" NULLS FIRST, m."entry_mode_id" NULLS FIRST
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "department_tuition" RENAME TO "department_tuition_retired";--> statement-breakpoint
COMMENT ON TABLE "department_tuition_retired" IS 'The department tuition list before ADR 11: never charged; its prices are kept for the bursary to review. The department tuition page now edits fee_schedule.';
