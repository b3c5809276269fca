import { Lab, World } from './test/explore/world';
import { history } from './test/explore/explore';
import { perform } from './test/explore/actions';
(async () => {
  const lab = await Lab.open();
  const actions: any[] = [
      {"k":"add","t":0,"from":2,"n":4},
      {"k":"fault","f":"timerDuring","then":{"k":"generate","stale":false},"write":true},
      {"k":"protect","t":0,"col":6,"p":0},
      {"k":"fault","f":"drop","then":{"k":"preview"},"write":true},
      {"k":"person","p":1},
      {"k":"wait","ms":86400000},
      {"k":"generate","stale":false},
  ];
  const w: any = new World(lab, { readings: { documentInTimeTriggers: 'absent' } } as any);
  await w.start();
  const show = async (label: string) => {
    const t = w.gas.spreadsheet.getSheetByName('Video credits');
    console.log(label, t ? JSON.stringify(t.getDataRange().getValues().slice(1).map((r: any[]) => [String(r[0]).slice(11), r[3], r[4], r[6], String(r[8]).slice(0, 70)])) : 'none');
    console.log('   open', w.gas.properties.document.getProperty('credits.open'), 'thrown', w.thrown);
  };
  for (const a of actions) { await perform(w, a); await show(JSON.stringify(a).slice(0, 60)); }
  await w.close(); await lab.close(); process.exit(0);
})();
