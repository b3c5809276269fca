// When a link may be written (docs/rules.md#links-when-ready): a lead's page and video only once the
// video is ready. Before that the page is a holding screen, and a mail merge must never send one. A video
// of the campaign's finished-video list is ready by definition (the list holds only finished videos whose
// pages work), so its links may always be written.

/** Whether a lead read on its own (GET /leads/{id}) has links that may go in the sheet. */
export function linksReady(lead: { status: string; videoReady?: boolean | null }): boolean {
  return lead.status === 'complete' && lead.videoReady === true;
}
