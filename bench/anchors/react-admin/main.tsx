// A minimal react-admin app, the second anchor of the console's page loads: one resource listed by a
// Datagrid over an in-memory data provider of the same 25 users as the MUI shell, no sign-in.
import { createRoot } from 'react-dom/client';
import {
  Admin,
  Datagrid,
  List,
  Resource,
  TextField,
  type DataProvider,
  type GetListParams,
  type GetListResult,
  type GetManyParams,
  type GetOneParams,
  type RaRecord,
} from 'react-admin';
import users from '../mui-shell/public/rows.json';

const records: RaRecord[] = users.map((user) => ({ id: user.uid, ...user }));
/** react-admin's methods are generic over the record type; this app has one type of record. */
const all = <R extends RaRecord>() => records as R[];
const readOnly = () => Promise.reject(new Error('this data provider is read-only'));

function getList<R extends RaRecord>({ pagination, sort }: GetListParams): GetListResult<R> {
  const { page = 1, perPage = 25 } = pagination ?? {};
  const field = sort?.field ?? 'id';
  const order = sort?.order === 'DESC' ? -1 : 1;
  const sorted = [...all<R>()].sort(
    (a, b) => order * String(a[field]).localeCompare(String(b[field])),
  );
  return { data: sorted.slice((page - 1) * perPage, page * perPage), total: sorted.length };
}

const dataProvider: DataProvider = {
  getList: <R extends RaRecord>(_resource: string, params: GetListParams) =>
    Promise.resolve(getList<R>(params)),
  getOne: <R extends RaRecord>(_resource: string, { id }: GetOneParams<R>) => {
    const record = all<R>().find((r) => r.id === id);
    return record ? Promise.resolve({ data: record }) : Promise.reject(new Error('not found'));
  },
  getMany: <R extends RaRecord>(_resource: string, { ids }: GetManyParams<R>) =>
    Promise.resolve({ data: all<R>().filter((r) => ids.includes(r.id)) }),
  getManyReference: <R extends RaRecord>(_resource: string, params: GetListParams) =>
    Promise.resolve(getList<R>(params)),
  create: readOnly,
  update: readOnly,
  updateMany: readOnly,
  delete: readOnly,
  deleteMany: readOnly,
};

function UserList() {
  return (
    <List perPage={25}>
      <Datagrid bulkActionButtons={false}>
        <TextField source="uid" />
        <TextField source="name" />
        <TextField source="role" />
        <TextField source="status" />
        <TextField source="createdAt" />
      </Datagrid>
    </List>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <Admin dataProvider={dataProvider}>
      <Resource name="users" list={UserList} />
    </Admin>,
  );
}
