import type { RouteDef } from "../route.js";

const products = "/api/v1/pharmacy/sales/products/";
const pharmacies = "/api/v1/pharmacy/inventory/pharmacies/";

export const pharmacyRoutes: RouteDef[] = [
  { method: "GET", path: products, operation: "ListProducts", result: "products", paginated: true, query: { search: "search", category: "category", is_active: "isActive", pharmacy: "pharmacyId" }, tag: "pharmacy-sales", summary: "List OTC products; `search` matches name, SKU or category" },
  { method: "POST", path: products, operation: "CreateProduct", result: "createProduct", body: { variable: "input" }, status: 201, tag: "pharmacy-sales", summary: "Create a product" },
  { method: "GET", path: `${products}{product_id}/`, operation: "GetProduct", result: "product", params: { product_id: "id" }, tag: "pharmacy-sales", summary: "Product details" },
  { method: "GET", path: pharmacies, operation: "ListPharmacies", result: "pharmacies", paginated: true, query: { district: "district" }, tag: "pharmacy-inventory", summary: "Pharmacy locations" },
  { method: "GET", path: `${pharmacies}{pharmacy_id}/`, operation: "GetPharmacy", result: "pharmacy", params: { pharmacy_id: "id" }, tag: "pharmacy-inventory", summary: "One pharmacy location" },
];
