// The register edited by hand (docs/rules.md#register-whole): the sidebar offers the repair only then, and
// reads the tab's state again once it is done.
import { type Sidebar, useSidebars } from './harness';
import { ok, readyReplies, state } from './fixtures';

const sidebars = useSidebars();

let sb: Sidebar | null = null;

const repair = () => sb!.page.locator('#send').getByRole('button', { name: /Repair the register/ });

describe('the register edited by hand', () => {
  it('should offer Repair the register while the register is broken, and call the repair', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getSidebarState: state({ registerBroken: true }), repairRegister: ok({ recovered: 3, lost: 0 }) },
    });
    await repair().click();
    expect(await sb.calls('repairRegister')).toHaveLength(1);
  });

  it('should not offer the repair while the register is whole', async () => {
    sb = await sidebars.open({ replies: readyReplies() });
    await sb.page.locator('#send').getByText('3 rows selected').waitFor();
    expect(await repair().count()).toBe(0);
  });
});
