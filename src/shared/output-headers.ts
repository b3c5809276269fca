// The add-on's output columns, found by these exact headers wherever a person moves them (docs/rules.md#sheet).
export const OUTPUT_HEADERS = {
  leadId: 'Lead ID',
  campaignId: 'Campaign ID',
  pageUrl: 'Page URL',
  videoUrl: 'Video URL',
  status: 'Video Status',
  note: 'Video Note',
} as const;

export type OutputColumn = keyof typeof OUTPUT_HEADERS;
