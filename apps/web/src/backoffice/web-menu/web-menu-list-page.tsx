import { type DragEvent, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { TOP_LEVEL, type WebMenu } from '@tillpoint/contracts/web-menu';
import { navigate, parseHash, useHash } from '../../shared/hash-route';
import { usePrivileges } from '../../shared/privileges';
import { refreshArea } from '../../shared/query-keys';
import { PageLoading } from '../page-loading';
import { ROUTES } from '../route-hrefs';
import { saveDisplay, useChildren, webMenus } from './web-menu-api';
import { WebMenuCard } from './web-menu-card';
import { AddItemPanel, MoveDialog, NO_SEARCH, SearchPanel, useMenuSearch } from './web-menu-panels';
import { type TrailStep, backTo, currentParent, drillInto, readTrail, reorder, writeTrail } from './web-menu-trail';
import './web-menu.css';

/**
 * #/webMenuList (spec 2 §2): the top-level menus as cards; SubMenu drills in, the breadcrumb (its
 * home icon the top level) goes back. The trail is kept in session storage, so the editor's
 * return to #webMenuList?1 comes back to the same place; the plain address starts at the top.
 */
export default function WebMenuListPage() {
  const returning = parseHash(useHash()).params[0] === '1';
  const [trail, setTrail] = useState<TrailStep[]>(() => (returning ? readTrail(sessionStorage) : []));
  // The side menu's plain #/webMenuList while here: back to the top.
  useEffect(() => {
    if (!returning) setTrail([]);
  }, [returning]);
  useEffect(() => writeTrail(sessionStorage, trail), [trail]);
  const parentId = currentParent(trail);
  // Each level is its own view: search, drag and dialogs never carry over.
  return <MenuLevel key={parentId} trail={trail} parentId={parentId} onTrail={setTrail} />;
}

function MenuLevel({ trail, parentId, onTrail }: { trail: TrailStep[]; parentId: number; onTrail: (t: TrailStep[]) => void }) {
  const can = usePrivileges(OBJECTS.webMenu);
  const queryClient = useQueryClient();
  const children = useChildren(parentId);
  const [search, setSearch] = useState(NO_SEARCH);
  const found = useMenuSearch(parentId, search);
  const [moving, setMoving] = useState<WebMenu | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const inside = parentId !== TOP_LEVEL;

  const all = children.data ?? [];
  const cards = found?.data ?? all;
  // A level sorted by name has no order of its own to change; nor has a filtered part of one.
  const reorderable = found === null && (all[0]?.menuDisplayTypeParent ?? 'DISPLAY_NUMBER') === 'DISPLAY_NUMBER';
  const refresh = () => refreshArea(queryClient, webMenus);

  const shift = async (from: number, to: number) => {
    const next = reorder(all, from, to);
    if (next === all) return;
    // Shown at once; the server's copy follows (or the old order, if it refused).
    queryClient.setQueryData([...webMenus.keys.all, 'children', parentId], next);
    await saveDisplay(
      next.map((m) => ({ id: m.id, name: m.name, menuDisplayNo: m.menuDisplayNo })),
      { quiet: true },
    );
    refresh();
  };

  const drag = (index: number) => ({
    over: dragOver === index && dragFrom !== index,
    onDragStart: (e: DragEvent, i: number) => {
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', String(i));
      setDragFrom(i);
    },
    onDragOver: (e: DragEvent, i: number) => {
      if (dragFrom === null) return;
      e.preventDefault();
      if (dragOver !== i) setDragOver(i);
    },
    onDrop: (e: DragEvent, i: number) => {
      e.preventDefault();
      if (dragFrom !== null) void shift(dragFrom, i);
      setDragFrom(null);
      setDragOver(null);
    },
    onDragEnd: () => {
      setDragFrom(null);
      setDragOver(null);
    },
  });

  const here = trail.at(-1);
  return (
    <div className="stack web-menu-list">
      <header className="page-title">
        <h1>Web Menus</h1>
        {can.add && <Button type="button" label="Add Menu" icon="pi pi-plus" size="small" onClick={() => navigate(ROUTES.webMenuSave(null, parentId))} />}
      </header>
      <nav aria-label="Breadcrumb" className="web-menu-crumbs">
        <ol>
          <li>
            <Button type="button" icon="pi pi-home" text rounded size="small" aria-label="Top level" title="Top level" onClick={() => onTrail([])} disabled={!inside} />
          </li>
          {!inside && (
            <li>
              <span aria-current="page">All menus</span>
            </li>
          )}
          {trail.map((step, i) => (
            <li key={step.id}>
              <i className="pi pi-angle-right" aria-hidden="true" />
              {i === trail.length - 1 ? (
                <span aria-current="page">{step.name}</span>
              ) : (
                <Button type="button" label={step.name} link size="small" onClick={() => onTrail(backTo(trail, step.id))} />
              )}
            </li>
          ))}
        </ol>
      </nav>

      {inside && (
        <div className="web-menu-tools">
          <SearchPanel search={search} onChange={setSearch} found={found ? found.totalCount : null} />
          {can.add && <AddItemPanel parentId={parentId} />}
        </div>
      )}

      {children.isPending ? (
        <PageLoading />
      ) : children.isError ? (
        <p className="card">
          This menu could not be loaded.{' '}
          <Button type="button" label="Back to the top level" link onClick={() => onTrail([])} />
        </p>
      ) : (
        <section aria-label={here ? `${here.name} contents` : 'Top-level menus'} className="web-menu-level">
          {cards.length === 0 ? (
            <p className="card web-menu-empty muted">{found ? 'No items match the search.' : inside ? 'This menu is empty. Add an item or a submenu.' : 'No menus yet. Add Menu starts one.'}</p>
          ) : (
            <div className="web-menu-cards">
              {cards.map((m, i) => (
                <WebMenuCard
                  key={m.id}
                  menu={m}
                  index={i}
                  count={cards.length}
                  canAdd={can.add}
                  canMove={can.create}
                  reorderable={reorderable}
                  onDrill={(menu) => onTrail(drillInto(trail, { id: menu.id, name: menu.name }))}
                  onDetails={(menu) => navigate(ROUTES.webMenuSave(menu.id))}
                  onShift={(from, to) => void shift(from, to)}
                  onMove={setMoving}
                  onSaved={refresh}
                  drag={drag(i)}
                />
              ))}
            </div>
          )}
          {!reorderable && found === null && cards.length > 1 && <p className="muted web-menu-hint">This menu sorts its items by name; choose sorting number as its submenu sorting to order them by hand.</p>}
        </section>
      )}
      <MoveDialog menu={moving} onClose={() => setMoving(null)} />
    </div>
  );
}
